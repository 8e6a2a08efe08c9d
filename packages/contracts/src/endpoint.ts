import type { z } from 'zod';
import { refuseUnstorableStrings } from './storable-strings';

/** Who may call an endpoint: anyone, or a signed-in user (optionally with a named permission). */
export type EndpointAuth = 'public' | 'user';

/** The permissions of spec §6. An admin has them all. */
export const PERMISSIONS = ['view_only', 'quality_tool', 'hcc_dashboard', 'admin_tool', 'files_manager'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Whether a call writes, and so who may make it (the server's access layer enforces it):
 * - `false`: it only reads.
 * - `'patient_data'`: it changes a patient's record, a visit's diagnoses or cart, or writes to the EHR:
 *   refused to a view-only user (spec §6).
 * - `'own_account'`: it changes only the caller's own session, account, settings or read marks.
 * - `'organisation'`: it changes the organisation's settings: the endpoint names the permission it needs.
 * - `'public'`: a caller not signed in writes (signing in, recovery, a launch, a client log): rate-limited.
 */
export const WRITE_KINDS = ['patient_data', 'own_account', 'organisation', 'public'] as const;
export type EndpointWrites = false | (typeof WRITE_KINDS)[number];

/**
 * One API call: its method and path under `/api`, its input and output schemas, and who may call it.
 * The server binds it to a handler (validation, authentication and the OpenAPI entry follow from it);
 * the web client calls it by this same object.
 */
export interface Endpoint<
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
  TAuth extends EndpointAuth = EndpointAuth,
> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under `/api`, such as `/getAppointmentDetails`. */
  path: string;
  summary: string;
  tags: string[];
  auth: TAuth;
  /** What the call changes (see {@link EndpointWrites}): every endpoint says, so that none can forget. */
  writes: EndpointWrites;
  permission?: Permission;
  body: TBody;
  response: TResponse;
  /** Requests allowed per client address and window (429 RATE_LIMITED past it). */
  rateLimit?: { max: number; timeWindow: string };
  /** SSO users call the same endpoint under `/api/v2` with a Bearer header (spec §6). */
  v2?: boolean;
}

/**
 * An endpoint, its body refusing every string PostgreSQL cannot store (NUL, lone surrogates) wherever
 * it sits, with a 422 naming the field: done here once, so that no endpoint can forget it.
 */
export function defineEndpoint<TBody extends z.ZodType, TResponse extends z.ZodType, const TAuth extends EndpointAuth>(
  endpoint: Endpoint<TBody, TResponse, TAuth>,
): Endpoint<TBody, TResponse, TAuth> {
  return { ...endpoint, body: refuseUnstorableStrings(endpoint.body) };
}

export type EndpointInput<E extends Endpoint> = z.input<E['body']>;
export type EndpointBody<E extends Endpoint> = z.output<E['body']>;
export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;
