import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env';

/** Routes of this module (issue 5): filled in by its owner. */
export function documentsRoutes(_app: FastifyInstance, _config: Config): void {
  // No routes yet.
}
