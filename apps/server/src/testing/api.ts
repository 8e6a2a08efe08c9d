import { randomUUID } from 'node:crypto';
import { login, type Endpoint, type EndpointInput, type EndpointResponse, type LoginResult } from '@cairn/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { issueSession, type UserRow } from '../modules/auth';
import { createUser, type UserFactoryOptions } from './factories';

/** How a test calls the API: as whom, on which path, from where. */
export interface CallOptions {
  /** The caller's access token, sent as password users send it (`token` header). None: a public call. */
  token?: string;
  /** Calls the endpoint's `/api/v2` twin with `Authorization: Bearer`, as SSO users do (spec §6). */
  isV2?: boolean;
  /**
   * The client address. By default each call comes from an address of its own, so that the
   * per-address rate limits (20 sign-ins a minute) never decide a test that is not about them.
   */
  remoteAddress?: string;
}

/** A body of no fields, sent when a call gives none. */
type EmptyBody = Record<string, never>;

/** The request body as the contract accepts it; it may be left out (sent as `{}`) when `{}` is a valid one. */
export type CallRequest<E extends Endpoint> = CallOptions &
  (EmptyBody extends EndpointInput<E> ? { body?: EndpointInput<E> } : { body: EndpointInput<E> });

/** The request of a call, optional when the endpoint needs neither a token nor a body. */
type CallArguments<E extends Endpoint> =
  EmptyBody extends EndpointInput<E> ? [request?: CallRequest<E>] : [request: CallRequest<E>];

/** The result of a successful call, typed by its contract. */
export type EndpointResult<E extends Endpoint> = EndpointResponse<E> extends { result: infer R } ? R : never;

let addressCount = 0;

/** A client address no other call of this test process has used. */
export function nextClientAddress(): string {
  addressCount += 1;
  return `10.${String(Math.floor(addressCount / 62_500) % 250)}.${String(Math.floor(addressCount / 250) % 250)}.${String((addressCount % 250) + 1)}`;
}

/** Calls an endpoint of `@cairn/contracts` by its definition, with `app.inject()`. */
export function call<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  ...[request]: CallArguments<E>
): Promise<LightMyRequestResponse> {
  return callWithAnyBody(app, endpoint, { ...request, body: request?.body ?? {} });
}

/**
 * Calls an endpoint with a body its contract may refuse: for tests of bad input (a missing field,
 * a wrong type, a field the contract does not know).
 */
export function callWithAnyBody(
  app: FastifyInstance,
  endpoint: Endpoint,
  request: CallOptions & { body: unknown },
): Promise<LightMyRequestResponse> {
  const { token, isV2 = false, remoteAddress = nextClientAddress() } = request;
  const headers: Record<string, string> = {};
  if (token !== undefined) {
    if (isV2) headers.authorization = `Bearer ${token}`;
    else headers.token = token;
  }
  return app.inject({
    method: endpoint.method,
    url: `/api${isV2 ? '/v2' : ''}${endpoint.path}`,
    headers,
    remoteAddress,
    ...(endpoint.method === 'GET' ? {} : { payload: request.body as Record<string, unknown> }),
  });
}

/** Calls an endpoint that must answer 200, and gives its `result`, typed by the contract. */
export async function callForResult<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  ...request: CallArguments<E>
): Promise<EndpointResult<E>> {
  const response = await call(app, endpoint, ...request);
  if (response.statusCode !== 200) {
    throw new Error(`${endpoint.path} answered ${String(response.statusCode)}: ${response.body}`);
  }
  return response.json<{ result: EndpointResult<E> }>().result;
}

export interface Credentials {
  username: string;
  password: string;
  totpCode?: string;
}

/**
 * Signs in through `/api/auth/login` and gives its answer (a user made by `createUser` carries its
 * username and password, so `signIn(app, user)` works). The call must answer 200.
 */
export function signIn(
  app: FastifyInstance,
  credentials: Credentials,
  options: Pick<CallOptions, 'remoteAddress'> = {},
): Promise<LoginResult> {
  const { username, password, totpCode } = credentials;
  const body = { username, password, ...(totpCode === undefined ? {} : { totpCode }) };
  return callForResult(app, login, { body, ...options });
}

export interface SignedInUser {
  user: UserRow & { password: string };
  token: string;
  refreshToken: string;
}

/**
 * A new user with a session of their own, issued as a sign-in issues it but without the password
 * round trip: for tests about what a signed-in user may do, not about signing in.
 */
export async function tokenFor(app: FastifyInstance, options: UserFactoryOptions): Promise<SignedInUser> {
  const user = await createUser(app.database.db, options);
  const session = await issueSession(app.database.db, app.accessTokens, user);
  return { user, ...session };
}

/**
 * A new user signed in through `/api/auth/login`, as the web app signs in: for tests where the
 * sign-in itself matters (its audit row, its refresh-token family).
 */
export async function signInAsNewUser(app: FastifyInstance, options: UserFactoryOptions): Promise<SignedInUser> {
  const user = await createUser(app.database.db, options);
  const answer = await signIn(app, user);
  if (answer.status !== 'success' || !answer.token || !answer.refreshToken) {
    throw new Error(`sign-in answered ${answer.status}`);
  }
  return { user, token: answer.token, refreshToken: answer.refreshToken };
}

/**
 * A token signed with the server's key for a real user, but claiming an organisation that is not
 * theirs, in a session that was never started: for tests that the server checks the claim against
 * the user rather than trusting it.
 */
export function tokenClaimingOrganisation(
  app: FastifyInstance,
  user: Pick<UserRow, 'id'>,
  organisationId: string,
): Promise<string> {
  return app.accessTokens.sign({ sid: randomUUID(), sub: user.id, org: organisationId });
}
