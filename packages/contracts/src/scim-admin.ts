import { z } from 'zod';
import { VIEWS } from './auth-enums';
import { defineEndpoint, PERMISSIONS } from './endpoint';
import { resultEnvelope } from './envelope';

// The admin tool's SCIM provisioning screen (issue 17 item 7): the organisation's SCIM tokens and the
// view and permissions its SCIM groups give their members. Every call needs admin_tool.

/** A SCIM token as the admin tool lists it: never the token itself, which is shown once at creation. */
export const scimTokenSummary = z.object({
  id: z.uuid(),
  label: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type ScimTokenSummary = z.infer<typeof scimTokenSummary>;

/** A group an identity provider pushed, with what its members get in Cairn. */
export const scimGroupSummary = z.object({
  id: z.uuid(),
  displayName: z.string(),
  externalId: z.string().nullable(),
  /** Pushed by SCIM, or named first by a single sign-on's groups claim. */
  source: z.enum(['scim', 'sso']),
  /** The view its members take; null leaves each member's own. */
  view: z.enum(VIEWS).nullable(),
  permissions: z.array(z.enum(PERMISSIONS)),
  memberCount: z.int(),
  updatedAt: z.iso.datetime(),
});
export type ScimGroupSummary = z.infer<typeof scimGroupSummary>;

export const listScimTokens = defineEndpoint({
  method: 'POST',
  path: '/admin/scim/tokens/list',
  summary: "The organisation's SCIM tokens, newest first (admin tool)",
  tags: ['admin'],
  auth: 'user',
  writes: false,
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({}),
  response: resultEnvelope(z.object({ tokens: z.array(scimTokenSummary) })),
});

export const createScimToken = defineEndpoint({
  method: 'POST',
  path: '/admin/scim/tokens/create',
  summary: 'A new SCIM bearer token for an identity provider: the answer is the only time it is shown (audited)',
  tags: ['admin'],
  auth: 'user',
  writes: 'organisation',
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({
    /** What the token is for, such as "Okta production". */
    label: z.string().trim().min(1, 'Required').max(100),
  }),
  response: resultEnvelope(
    z.object({
      token: scimTokenSummary,
      /** The bearer token itself: Cairn keeps only its hash and never shows it again. */
      secret: z.string(),
    }),
  ),
});

export const revokeScimToken = defineEndpoint({
  method: 'POST',
  path: '/admin/scim/tokens/revoke',
  summary: 'Revokes a SCIM token: the identity provider using it is refused from the next request (audited)',
  tags: ['admin'],
  auth: 'user',
  writes: 'organisation',
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({ tokenId: z.uuid() }),
  response: resultEnvelope(scimTokenSummary),
});

export const listScimGroups = defineEndpoint({
  method: 'POST',
  path: '/admin/scim/groups/list',
  summary: "The organisation's SCIM groups with their member counts, view and permissions (admin tool)",
  tags: ['admin'],
  auth: 'user',
  writes: false,
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({}),
  response: resultEnvelope(z.object({ groups: z.array(scimGroupSummary) })),
});

export const setScimGroupMapping = defineEndpoint({
  method: 'POST',
  path: '/admin/scim/groups/mapping',
  summary: 'Sets the view and permissions a SCIM group gives its members; they apply to its members at once (audited)',
  tags: ['admin'],
  auth: 'user',
  writes: 'organisation',
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({
    groupId: z.uuid(),
    view: z.enum(VIEWS).nullable(),
    permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length),
  }),
  response: resultEnvelope(scimGroupSummary),
});
