import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The server's test files that open a database (through the test app, the test database or the test
 * database's URL): the ones worth a second run on PostgreSQL. The others test code that never meets one.
 */
function serverTestsWithDatabase(): string[] {
  const opensDatabase = /buildTestApp|openTestDatabase|openDatabase|TEST_DATABASE_URL|CAIRN_TEST_DB/;
  return readdirSync('./apps/server/src', { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.test.ts'))
    .filter((path) => opensDatabase.test(readFileSync(`./apps/server/src/${path}`, 'utf8')))
    .map((path) => `src/${path}`);
}

// One run over every workspace, each project with its own environment. Server tests run on in-memory
// PGlite, and those that open a database once more against a PostgreSQL server when TEST_DATABASE_URL is
// set (as in CI).
const postgresProject = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: './apps/server/vitest.config.ts',
        root: './apps/server',
        test: { name: 'server-postgres', env: { CAIRN_TEST_DB: 'postgres' }, include: serverTestsWithDatabase() },
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
