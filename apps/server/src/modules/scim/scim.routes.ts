import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/env';
import { authenticateScim } from './scim-auth';
import type { ScimCaller, ScimDeps } from './scim-context';
import { resourceTypes, schemas, serviceProviderConfig } from './scim-discovery';
import { ScimError } from './scim-error';
import {
  createScimGroup,
  deleteScimGroup,
  getScimGroup,
  listScimGroups,
  patchScimGroup,
  replaceScimGroup,
} from './scim-groups.service';
import type { ScimResource } from './scim-resources';
import {
  createScimUser,
  deleteScimUser,
  getScimUser,
  listScimUsers,
  patchScimUser,
  replaceScimUser,
  type ListQuery,
} from './scim-users.service';

const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

type Query = ListQuery & { excludedAttributes?: string };
type ScimRequest = FastifyRequest<{ Params: { id: string }; Querystring: Query }>;
type Handler = (context: {
  caller: ScimCaller;
  request: ScimRequest;
  reply: FastifyReply;
}) => Promise<ScimResource | null>;

/**
 * SCIM 2.0 (RFC 7643, 7644) at /scim/v2 for enterprise identity providers (Okta, Entra ID): not the
 * product API, so its own plugin with its own media type, bearer tokens and error form.
 */
export async function scimRoutes(app: FastifyInstance, config: Pick<Config, 'apiUrl'>): Promise<void> {
  const baseUrl = `${new URL(config.apiUrl).origin}/scim/v2`;
  const deps = (): ScimDeps => ({ db: app.database.db, accessTokens: app.accessTokens, baseUrl });
  app.addContentTypeParser('application/scim+json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  app.setErrorHandler((error, request, reply) => sendError(request, reply, error));
  app.setNotFoundHandler((_request, reply) => send(reply, 404, new ScimError(404, 'No such SCIM endpoint.').toBody()));

  const bind = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, handler: Handler, status = 200) => {
    app.route<{ Params: { id: string }; Querystring: Query }>({
      method,
      url,
      schema: { hide: true },
      handler: async (request, reply) => {
        const token = await authenticateScim(app.database.db, request.headers.authorization, new Date());
        const caller: ScimCaller = { ...token, clientAddress: request.ip };
        const resource = await handler({ caller, request, reply });
        if (resource === null) return reply.status(204).send();
        if (status === 201 && typeof resource.meta === 'object' && resource.meta !== null) {
          reply.header('location', (resource.meta as { location?: string }).location);
        }
        return send(reply, status, resource);
      },
    });
  };

  bind('GET', '/ServiceProviderConfig', async () => serviceProviderConfig(baseUrl));
  bind('GET', '/ResourceTypes', async () => resourceTypes(baseUrl));
  bind('GET', '/Schemas', async () => schemas(baseUrl));

  bind('GET', '/Users', ({ caller, request }) => listScimUsers(deps(), caller, request.query));
  bind('POST', '/Users', ({ caller, request }) => createScimUser(deps(), caller, request.body), 201);
  bind('GET', '/Users/:id', ({ caller, request }) => getScimUser(deps(), caller, request.params.id));
  bind('PUT', '/Users/:id', ({ caller, request }) =>
    replaceScimUser(deps(), caller, { userId: request.params.id, body: request.body }),
  );
  bind('PATCH', '/Users/:id', ({ caller, request }) =>
    patchScimUser(deps(), caller, { userId: request.params.id, body: request.body }),
  );
  bind('DELETE', '/Users/:id', async ({ caller, request }) => {
    await deleteScimUser(deps(), caller, request.params.id);
    return null;
  });

  bind('GET', '/Groups', ({ caller, request }) => listScimGroups(deps(), caller, request.query));
  bind('POST', '/Groups', ({ caller, request }) => createScimGroup(deps(), caller, request.body), 201);
  bind('GET', '/Groups/:id', ({ caller, request }) =>
    getScimGroup(deps(), caller, { groupId: request.params.id, excludedAttributes: request.query.excludedAttributes }),
  );
  bind('PUT', '/Groups/:id', ({ caller, request }) =>
    replaceScimGroup(deps(), caller, { groupId: request.params.id, body: request.body }),
  );
  bind('PATCH', '/Groups/:id', ({ caller, request }) =>
    patchScimGroup(deps(), caller, { groupId: request.params.id, body: request.body }),
  );
  bind('DELETE', '/Groups/:id', async ({ caller, request }) => {
    await deleteScimGroup(deps(), caller, request.params.id);
    return null;
  });
}

function send(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.status(status).type(SCIM_CONTENT_TYPE).send(JSON.stringify(body));
}

/** Every failure in SCIM's error form (RFC 7644 §3.12); anything unexpected is a 500 saying nothing more. */
function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof ScimError) {
    if (error.status === 401) reply.header('www-authenticate', 'Bearer realm="cairn-scim"');
    return send(reply, error.status, error.toBody());
  }
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify's own refusals: a body that is not JSON, too large, or of a media type SCIM does not speak.
    const detail = status === 400 ? 'The body is not valid JSON.' : 'The request cannot be processed.';
    return send(reply, status, new ScimError(status, detail, status === 400 ? 'invalidSyntax' : undefined).toBody());
  }
  request.log.error({ err: error }, 'SCIM request failed');
  return send(reply, 500, new ScimError(500, `The request failed (request id ${request.id}).`).toBody());
}
