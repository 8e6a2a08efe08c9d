import type { FhirRepository } from '@medplum/fhir-router';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { renderScreenPage } from './screen-page.js';
import { listEncounterConditions, listTodaysEncounters } from './today-encounters.js';

export interface ScreenRoutesContext {
  repo: FhirRepository;
  fhirBaseUrl: string;
  cairnUrl: string | undefined;
  now: () => number;
}

/**
 * The EHR screen (`/` and `/screen`), its script and the JSON it re-reads diagnoses from. These routes
 * take no token: they exist for the demo and the end-to-end tests, like the rest of the sandbox.
 */
export function registerScreenRoutes(app: FastifyInstance, context: ScreenRoutesContext): void {
  const script = readFileSync(screenScriptPath(), 'utf8');
  const showScreen = async (): Promise<string> =>
    renderScreenPage({
      rows: await listTodaysEncounters(context.repo, context.now()),
      prefix: app.prefix,
      fhirBaseUrl: context.fhirBaseUrl,
      cairnUrl: context.cairnUrl,
    });
  for (const url of ['/', '/screen']) {
    app.get(url, async (_request, reply) => reply.type('text/html; charset=utf-8').send(await showScreen()));
  }
  app.get('/screen.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(script));
  app.get<{ Params: { id: string } }>('/screen/encounters/:id/conditions', async (request, reply) => {
    const conditions = await listEncounterConditions(context.repo, request.params.id);
    return conditions ? reply.send(conditions) : reply.code(404).send({ error: 'Unknown encounter' });
  });
}

/**
 * `screen.js` sits beside this module in the sources. When Cairn's server is bundled (esbuild into
 * apps/server/dist) this module is no longer here, so the file is found through the package's export.
 */
function screenScriptPath(): string {
  const beside = fileURLToPath(new URL('./screen.js', import.meta.url));
  return existsSync(beside) ? beside : createRequire(import.meta.url).resolve('@cairn/ehr-sandbox/screen.js');
}
