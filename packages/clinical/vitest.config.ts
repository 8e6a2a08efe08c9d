import { defineProject } from 'vitest/config';

export default defineProject({
  // 20 s, as the web project: the first test of a file loads the ICD-10-CM catalog and builds the
  // search index, which took over 5 s on CI's two cores busy with the other projects.
  test: { name: 'clinical', environment: 'node', testTimeout: 20_000 },
});
