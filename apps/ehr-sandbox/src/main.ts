import Fastify from 'fastify';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Bundle } from '@medplum/fhirtypes';
import { loadSandboxData } from './data/load-sandbox-data.js';
import { createSandboxRepository } from './fhir/sandbox-repository.js';
import { ehrSandbox } from './plugin.js';

// Runs the sandbox EHR on its own: `PORT=4100 CAIRN_URL=http://localhost:3000 SANDBOX_DATA=<bundle.json or folder>
// node --import tsx apps/ehr-sandbox/src/main.ts`; the EHR screen is then at http://localhost:4100/.
const port = Number(process.env.PORT ?? 4100);
const publicUrl = process.env.SANDBOX_PUBLIC_URL ?? `http://localhost:${port}`;
const cairnUrl = (process.env.CAIRN_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const clients = [
  {
    clientId: process.env.SANDBOX_CLIENT_ID ?? 'cairn-fhir-connection',
    clientSecret: process.env.SANDBOX_CLIENT_SECRET ?? 'sandbox-secret',
    // Cairn's full-window launch and its overlay's launch in the EHR screen's panel.
    redirectUris: process.env.SANDBOX_REDIRECT_URIS?.split(',') ?? [
      `${cairnUrl}/epic/login`,
      `${cairnUrl}/overlay/epic/login`,
    ],
  },
];

const repository = createSandboxRepository();
const app = Fastify({ logger: true });
for (const file of bundleFiles(process.env.SANDBOX_DATA)) {
  const { counts } = await loadSandboxData(repository, JSON.parse(readFileSync(file, 'utf8')) as Bundle);
  app.log.info({ file, counts }, 'sandbox data loaded');
}
await app.register(ehrSandbox, { publicUrl, clients, repository, cairn: { url: cairnUrl } });
await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close());

function bundleFiles(path: string | undefined): string[] {
  if (!path) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => name.endsWith('.json'))
    .map((name) => join(path, name));
}
