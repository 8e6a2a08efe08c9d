import { IncomingMessage, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every response. The overlay runs inside EHR frames, so framing is governed by
 * CSP `frame-ancestors` (the configured EHR origins) rather than X-Frame-Options.
 * antd writes its styles at run time (CSS-in-JS), hence `style-src 'unsafe-inline'`; scripts are
 * only ever our own files.
 */
export function registerSecurityHeaders(app: FastifyInstance, frameAncestors: string[]): void {
  const headers = helmetHeaders({
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
  // Set before the handler, which may replace one (a document file's sandbox CSP).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The headers helmet sets for these options, read once: they are the same for every response (no
 * nonces), and helmet working them out on each request cost more than a small API call itself.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let isDone = false as boolean;
  helmet(options)(new IncomingMessage(new Socket()), response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet refused its options');
    isDone = true;
  });
  if (!isDone) throw new Error('helmet did not finish at once');
  return Object.fromEntries(headers);
}
