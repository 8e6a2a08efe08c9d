import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response. The overlay runs inside EHR frames, so framing is governed by
 * CSP `frame-ancestors` (the configured EHR origins) rather than X-Frame-Options.
 * antd writes its styles at run time (CSS-in-JS), hence `style-src 'unsafe-inline'`; scripts are
 * only ever our own files.
 */
export async function registerSecurityHeaders(app: FastifyInstance, frameAncestors: string[]): Promise<void> {
  await app.register(helmet, {
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'", ...frameAncestors],
      },
    },
  });
}
