import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from './error-handler';

const API_PREFIXES = ['/api/', '/api?', '/healthz', '/ws', '/sandbox/'];

/**
 * Serves the built web app at `/`: hashed assets cached for a year, and every other GET that is not
 * an API call answered with `index.html`, so that client routes (`/patient/...`) load the app.
 */
export async function registerStaticWeb(app: FastifyInstance, webDistDir: string | undefined): Promise<void> {
  const hasWeb = webDistDir !== undefined && existsSync(join(webDistDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(response, path) {
        const isHashedAsset = path.includes(join(webDistDir, 'assets'));
        response.setHeader('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      hasWeb &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIXES.some((prefix) => request.url === prefix.replace(/[/?]$/, '') || request.url.startsWith(prefix));
    if (!isPageRequest) return notFound(request, reply);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
