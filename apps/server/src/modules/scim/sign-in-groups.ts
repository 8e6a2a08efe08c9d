import type { Db } from '../../db/client';
import { withGroupGrants, type GrantChanges } from './scim-grants';
import { groupsForSignIn, setUserGroups } from './scim-groups.repository';

/** At most this many groups of one groups claim are taken (Entra ID sends up to 150 in a token). */
export const MAX_SIGN_IN_GROUPS = 200;

/**
 * Single sign-on's groups claim: the user's groups become exactly those the identity provider named
 * (found by name or external id, or created for an administrator to map), and their view and
 * permissions follow as for SCIM membership ({@link withGroupGrants}). Answers whether the membership
 * changed and whose permissions narrowed (their other sessions must end).
 */
export async function applySignInGroups(
  db: Db,
  user: { organisationId: string; id: string },
  names: readonly string[],
): Promise<GrantChanges & { isMembershipChanged: boolean }> {
  return db.transaction(async (tx) => {
    let isMembershipChanged = false;
    const changes = await withGroupGrants(tx, [user.id], async () => {
      const groups = await groupsForSignIn(tx, user.organisationId, names.slice(0, MAX_SIGN_IN_GROUPS));
      isMembershipChanged = await setUserGroups(
        tx,
        user.id,
        groups.map((group) => group.id),
      );
    });
    return { ...changes, isMembershipChanged };
  });
}
