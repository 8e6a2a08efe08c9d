import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';
import { API_CLIENT_SCOPES } from './quality-fhir';

// The admin tool's API clients section (issue 19): bearer tokens of other systems (a payer reading the
// organisation's care gaps as FHIR, `Measure/$care-gaps`). Every call needs admin_tool.

/** An API client token as the admin tool lists it: never the token itself, which is shown once. */
export const apiClientTokenSummary = z.object({
  id: z.uuid(),
  label: z.string(),
  scopes: z.array(z.enum(API_CLIENT_SCOPES)),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type ApiClientTokenSummary = z.infer<typeof apiClientTokenSummary>;

export const listApiClientTokens = defineEndpoint({
  method: 'POST',
  path: '/admin/api-clients/tokens/list',
  summary: "The organisation's API client tokens, newest first (admin tool)",
  tags: ['admin'],
  auth: 'user',
  writes: false,
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({}),
  response: resultEnvelope(z.object({ tokens: z.array(apiClientTokenSummary) })),
});

export const createApiClientToken = defineEndpoint({
  method: 'POST',
  path: '/admin/api-clients/tokens/create',
  summary:
    "A new API client token for another system, to read the organisation's care gaps as FHIR: the answer is the only time it is shown (audited)",
  tags: ['admin'],
  auth: 'user',
  writes: 'organisation',
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({
    /** Who holds it, such as "Acme Health Plan quality team". */
    label: z.string().trim().min(1, 'Required').max(100),
  }),
  response: resultEnvelope(
    z.object({
      token: apiClientTokenSummary,
      /** The bearer token itself: Cairn keeps only its hash and never shows it again. */
      secret: z.string(),
    }),
  ),
});

export const revokeApiClientToken = defineEndpoint({
  method: 'POST',
  path: '/admin/api-clients/tokens/revoke',
  summary: 'Revokes an API client token: the system using it is refused from its next request (audited)',
  tags: ['admin'],
  auth: 'user',
  writes: 'organisation',
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({ tokenId: z.uuid() }),
  response: resultEnvelope(apiClientTokenSummary),
});
