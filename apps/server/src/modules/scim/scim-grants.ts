import { PERMISSIONS, type View } from '@cairn/contracts';
import type { Db } from '../../db/client';
import { updateUser } from '../auth';
import { grantsOfUsers, usersByIds, type GroupGrant } from './scim-groups.repository';

/**
 * When a user's groups set different views, the first of this order wins: the view with the most
 * clinical reach (a Provider decides diagnoses, a Coder scrubs them, Classic reads).
 */
export const VIEW_PRECEDENCE = ['Provider', 'Coder', 'Classic'] as const satisfies readonly View[];

export function chooseView(views: readonly string[]): string | undefined {
  return VIEW_PRECEDENCE.find((view) => views.includes(view));
}

/** Who the change touched, and whose permissions it took away (their sessions must end). */
export interface GrantChanges {
  changedUserIds: string[];
  narrowedUserIds: string[];
}

/**
 * Runs a change of group membership or of a group's view and permissions, then writes the touched
 * users' `view` and `permissions` columns, which the rest of Cairn reads (and access tokens carry):
 * a member's permissions are those set on the user plus every permission of their groups, and their
 * view is the one their groups set (by {@link VIEW_PRECEDENCE}), or their own when none does.
 *
 * A permission the groups granted before the change counts as the groups': it goes when the last group
 * granting it does. Permissions an administrator set on the user and no group granted stay.
 */
export async function withGroupGrants(
  db: Db,
  userIds: readonly string[],
  change: () => Promise<void>,
): Promise<GrantChanges> {
  const ids = [...new Set(userIds)];
  const before = await grantsOfUsers(db, ids);
  await change();
  const after = await grantsOfUsers(db, ids);
  const changes: GrantChanges = { changedUserIds: [], narrowedUserIds: [] };
  for (const user of await usersByIds(db, ids)) {
    const empty: GroupGrant = { views: [], permissions: new Set() };
    const previous = before.get(user.id) ?? empty;
    const next = after.get(user.id) ?? empty;
    const own = user.permissions.filter((permission) => !previous.permissions.has(permission));
    const permissions = PERMISSIONS.filter(
      (permission) => own.includes(permission) || next.permissions.has(permission),
    );
    const view = chooseView(next.views) ?? user.view;
    const isNarrowed = user.permissions.some((permission) => !permissions.includes(permission as never));
    const isSame = view === user.view && !isNarrowed && permissions.length === user.permissions.length;
    if (isSame) continue;
    await updateUser(db, user.id, { view, permissions });
    changes.changedUserIds.push(user.id);
    if (isNarrowed) changes.narrowedUserIds.push(user.id);
  }
  return changes;
}
