/**
 * Who calls the FHIR API, and which patients they may read (spec §6 for users): a user's access token
 * (`token` header, or `Authorization: Bearer` as SSO users send it) with `quality_tool` and the
 * organisation's OrganizationQuality configuration (an admin needs neither), scoped as the Quality
 * Workspace is (their organisation; a provider's own patients); or another system's API client token
 * (`Authorization: Bearer cairn_api_...`) with the scope `quality-gaps.read`, which reads the whole
 * organisation. Anything else is 401; a caller without the right is 403.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertPermission, type AuthContext, type CareScope } from '../../access';
import { AppError } from '../../lib/app-error';
import { API_CLIENT_TOKEN_PREFIX, findApiClient } from '../api-clients';
import { openWorkspace } from '../quality';
import { readToken } from '../../plugins/auth';
import { FhirError } from './fhir-outcome';

export type FhirCaller =
  | { kind: 'user'; auth: AuthContext; scope: CareScope; clientAddress: string }
  | { kind: 'api-client'; organisationId: string; tokenId: string; scope: CareScope; clientAddress: string };

const unauthenticated = (): FhirError =>
  new FhirError(401, [{ code: 'login', diagnostics: 'A valid access token or API client token is required.' }]);
const forbidden = (diagnostics: string): FhirError => new FhirError(403, [{ code: 'forbidden', diagnostics }]);

export async function authenticateFhirCaller(app: FastifyInstance, request: FastifyRequest): Promise<FhirCaller> {
  const token = readToken(request);
  if (!token) throw unauthenticated();
  const db = app.database.db;
  if (token.startsWith(API_CLIENT_TOKEN_PREFIX)) {
    const client = await findApiClient(db, token, new Date());
    if (!client) throw unauthenticated();
    if (!client.scopes.includes('quality-gaps.read')) throw forbidden('This API client may not read care gaps.');
    const scope: CareScope = { organisationId: client.organisationId, userId: '', providerIds: undefined };
    return { kind: 'api-client', ...client, scope, clientAddress: request.ip };
  }
  const auth = await app.accessTokens.verify(token);
  if (!auth) throw unauthenticated();
  try {
    assertPermission(auth, 'quality_tool');
  } catch {
    throw forbidden('Reading care gaps needs the quality_tool permission.');
  }
  try {
    return { kind: 'user', auth, scope: await openWorkspace(db, auth), clientAddress: request.ip };
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHENTICATED') throw unauthenticated();
    if (error instanceof AppError && error.code === 'FORBIDDEN') throw forbidden(error.message);
    throw error;
  }
}
