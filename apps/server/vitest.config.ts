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
  },
});
