import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    globalSetup: ['./src/testing/database-templates.ts'],
    // Each test file builds its own app on its own database; PGlite start-up and a real server's
    // CREATE DATABASE are slower than the default 5 s on a busy 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The files of a worker share one module graph: each builds its own app on its own database, and
    // importing the server's modules anew for each file was more than half of the run (5 min 5 s against
    // 2 min 54 s for this project on the 2-core machine).
    isolate: false,
  },
});
