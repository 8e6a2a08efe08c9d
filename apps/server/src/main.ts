import { loadConfig } from './config/env';
import { buildApp } from './app';
import { serverPath } from './lib/server-path';
import { formatDemoAccounts, seedDemo } from './modules/demo';
import { mountSandboxEhr } from './modules/sandbox-ehr';

const config = loadConfig({ CAIRN_WEB_DIST: serverPath('..', 'web', 'dist'), ...process.env });
const app = await buildApp(config, { analysisWorker: true });
const demoAccounts = config.demo ? await seedDemo(app.database.db, config) : undefined;
// After the seed, so the sandbox serves the demo data; before listen, while routes can still be added.
const sandboxEhrUrl = await mountSandboxEhr(app, app.database.db, config);

let isClosing = false;
async function shutdown(signal: string): Promise<void> {
  if (isClosing) return;
  isClosing = true;
  app.log.info({ signal }, 'shutting down');
  // Stop accepting, finish requests in flight, close the database; give up after 10 s.
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
const database = app.database.kind === 'pglite' ? `embedded PostgreSQL (PGlite) in ${config.dataDir}` : 'PostgreSQL';
console.log(`\nCairn is running on http://localhost:${config.port} (${config.name}, ${database})\n`);
if (demoAccounts) console.log(`${formatDemoAccounts(demoAccounts, config.dataDir)}\n`);
if (sandboxEhrUrl) console.log(`Sandbox EHR at ${sandboxEhrUrl}\n`);
