import type { FastifyInstance } from 'fastify';

/** Routes of this module (issue 5): filled in by its owner. */
export function scheduleRoutes(_app: FastifyInstance): void {
  // No routes yet.
}
