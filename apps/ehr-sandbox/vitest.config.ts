import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'ehr-sandbox', environment: 'node', testTimeout: 30_000 },
});
