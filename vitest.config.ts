import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run over every workspace, each project with its own environment. Server tests run on in-memory
// PGlite, and once more against a PostgreSQL server when TEST_DATABASE_URL is set (as in CI).
const postgresProject = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: './apps/server/vitest.config.ts',
        root: './apps/server',
        test: { name: 'server-postgres', env: { CAIRN_TEST_DB: 'postgres' } },
      },
    ]
  : [];

export default defineConfig({
  test: {
    // Vitest's default leaves a core idle on a 2-core machine, where tests mostly wait on databases.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: ['packages/*', 'apps/ehr-sandbox', 'apps/server', 'apps/web', ...postgresProject],
  },
});
