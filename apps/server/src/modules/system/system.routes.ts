import { addonHealthPing, postLog } from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { recordClientLog } from './system.service';

export function systemRoutes(app: FastifyInstance): void {
  route(app, postLog, async ({ body, request }) => ({ result: recordClientLog(request.log, body) }));
  route(app, addonHealthPing, async () => ({ result: { status: 'ok' as const, time: new Date().toISOString() } }));
}
