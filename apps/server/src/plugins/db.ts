import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** Makes the database reachable from every module and closes it when the app closes. */
export function registerDatabase(app: FastifyInstance, database: Database): void {
  app.decorate('database', database);
  app.addHook('onClose', async () => {
    await database.close();
  });
}
