import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { scimTokens } from '../db/schema';
import { hashScimToken } from '../modules/scim';

/** A SCIM token of the organisation, stored as the admin tool stores it; the token itself is returned. */
export async function scimTokenFor(app: FastifyInstance, organisationId: string): Promise<string> {
  const token = `cairn_scim_test_${organisationId}_${String(Math.random()).slice(2)}`;
  await app.database.db.insert(scimTokens).values({ organisationId, tokenHash: hashScimToken(token), label: 'test' });
  return token;
}

export interface ScimRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Under /scim/v2, such as `/Users?filter=...`. */
  path: string;
  /** The bearer token; none sends no Authorization header. */
  token?: string;
  body?: unknown;
  /** Identity providers send application/scim+json; some send application/json. */
  contentType?: string;
}

/** Calls Cairn's SCIM service as an identity provider does. */
export function scim(app: FastifyInstance, request: ScimRequest): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (request.token !== undefined) headers.authorization = `Bearer ${request.token}`;
  if (request.body !== undefined) headers['content-type'] = request.contentType ?? 'application/scim+json';
  return app.inject({
    method: request.method ?? 'GET',
    url: `/scim/v2${request.path}`,
    headers,
    ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
  });
}
