// `npm run db:migrate`: applies pending migrations to the configured database and exits.
import { loadConfig } from '../config/env';
import { openDatabase } from './client';
import { runMigrations } from './migrate';

const config = loadConfig();
const database = await openDatabase(config);
try {
  await runMigrations(database);
  console.log(`Migrations applied (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`);
} finally {
  await database.close();
}
