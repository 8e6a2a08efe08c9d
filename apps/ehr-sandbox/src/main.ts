import Fastify from 'fastify';
import { ehrSandbox } from './plugin.js';

// Runs the sandbox EHR on its own: `PORT=4100 node --import tsx apps/ehr-sandbox/src/main.ts`.
const port = Number(process.env.PORT ?? 4100);
const publicUrl = process.env.SANDBOX_PUBLIC_URL ?? `http://localhost:${port}`;
const clients = [
  {
    clientId: process.env.SANDBOX_CLIENT_ID ?? 'cairn-fhir-connection',
    clientSecret: process.env.SANDBOX_CLIENT_SECRET ?? 'sandbox-secret',
    redirectUris: (process.env.SANDBOX_REDIRECT_URIS ?? 'http://localhost:3000/epic/login').split(','),
  },
];

const app = Fastify({ logger: true });
await app.register(ehrSandbox, { publicUrl, clients });
await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close());
