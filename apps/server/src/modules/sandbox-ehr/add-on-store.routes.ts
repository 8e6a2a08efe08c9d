import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env';

/**
 * `/athena` and `/ecw` send the browser to the store page of the matching EHR add-on (spec §2): links
 * handed to practices, so they live outside `/api` and ahead of the web app's fallback.
 */
export function addOnStoreRoutes(app: FastifyInstance, config: Config): void {
  app.get('/athena', { schema: { hide: true } }, async (_request, reply) => reply.redirect(config.addOnUrls.athena));
  app.get('/ecw', { schema: { hide: true } }, async (_request, reply) => reply.redirect(config.addOnUrls.ecw));
}
