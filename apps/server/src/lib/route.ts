import type { Endpoint, EndpointBody, EndpointResponse, FieldIssue } from '@cairn/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../access';
import { AppError } from './app-error';

export interface RouteContext<E extends Endpoint> {
  body: EndpointBody<E>;
  /** The caller; always present on endpoints that need a user. */
  auth: E['auth'] extends 'user' ? AuthContext : AuthContext | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Binds an endpoint of `packages/contracts` to its handler: the body is validated with the
 * endpoint's zod schema (422 naming the field), the caller is authenticated and authorised as the
 * endpoint declares, and the OpenAPI entry is generated from the same schemas. SSO users reach the
 * same handler under `/api/v2` (spec §6).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (context: RouteContext<E>) => Promise<EndpointResponse<E>>,
): void {
  const paths = endpoint.v2 ? [endpoint.path, `/v2${endpoint.path}`] : [endpoint.path];
  for (const path of paths) {
    app.route({
      method: endpoint.method,
      url: path,
      schema: {
        summary: endpoint.summary,
        tags: endpoint.tags,
        ...(endpoint.method === 'GET' ? {} : { body: toJsonSchema(endpoint.body, 'input') }),
        response: { 200: toJsonSchema(endpoint.response, 'output') },
        ...(endpoint.auth === 'user' ? { security: [{ token: [] }, { bearer: [] }] } : {}),
      },
      ...(endpoint.rateLimit ? { config: { rateLimit: endpoint.rateLimit } } : {}),
      preHandler: endpoint.auth === 'user' ? [app.authenticate, app.authorize(endpoint)] : [],
      handler: async (request, reply) => {
        const body = parseBody(endpoint, request.body);
        if (endpoint.auth === 'user' && !request.auth) throw new AppError('UNAUTHENTICATED');
        return handler({ body, auth: request.auth as RouteContext<E>['auth'], request, reply });
      },
    });
  }
}

function parseBody<E extends Endpoint>(endpoint: E, raw: unknown): EndpointBody<E> {
  // A call without a body (spec: "Payload: none") is validated as an empty object.
  const parsed = endpoint.body.safeParse(raw ?? {});
  if (parsed.success) return parsed.data as EndpointBody<E>;
  throw AppError.validation(parsed.error.issues.map(toFieldIssue));
}

/** Zod issues named by their field path; a field that is absent says 'Required'. */
export function toFieldIssue(issue: z.core.$ZodIssue): FieldIssue {
  const field = issue.path.map(String).join('.');
  const isMissing = issue.code === 'invalid_type' && issue.message.endsWith('received undefined');
  return { field, message: isMissing ? 'Required' : issue.message };
}

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return jsonSchema;
}
