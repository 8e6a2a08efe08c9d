import { createHash, randomBytes } from 'node:crypto';
import { INVITATION_TTL_HOURS } from '@cairn/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../../access';
import { endSessions, hashPassword, updateUser, type AccessTokens, type UserRow } from '../auth';
import type { Mailer } from '../../integrations/smtp/mailer';
import { invitationMail } from './invitation-mail';
import {
  claimInvitation,
  findOrganisationName,
  findUsableInvitation,
  insertInvitation,
  revokeInvitations as revokeOpenInvitations,
} from './invitation.repository';

/** The same words for an unknown, used, expired or void link: none tells which. */
const INVALID_LINK =
  'This invitation link is not valid: it may have expired or been used already. Ask your administrator for a new one.';

interface InvitationDeps {
  db: Db;
  mailer: Mailer;
  publicOrigin: string;
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

export { revokeOpenInvitations as revokeInvitations };

/**
 * A new invitation for the account: a random token (only its hash is stored), usable once within 72
 * hours; the account's earlier invitations are void. Answers the link that holds it.
 */
export async function issueInvitation(
  deps: Pick<InvitationDeps, 'db' | 'publicOrigin'>,
  options: { userId: string; invitedBy: string | null; now: Date },
): Promise<{ link: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(options.now.getTime() + INVITATION_TTL_HOURS * 3_600_000);
  await deps.db.transaction(async (tx) => {
    await revokeOpenInvitations(tx, options.userId, options.now);
    await insertInvitation(tx, {
      userId: options.userId,
      tokenHash: hashToken(token),
      invitedBy: options.invitedBy,
      expiresAt,
      createdAt: options.now,
    });
  });
  const link = new URL('/login', deps.publicOrigin);
  link.searchParams.set('invitation', token);
  return { link: link.toString(), expiresAt };
}

/** Mails the account its invitation (see `issueInvitation`). Answers whether the mail left. */
export async function sendInvitation(
  deps: InvitationDeps,
  caller: { auth: { organisationId: string; userId: string }; clientAddress: string | undefined },
  user: UserRow,
  now: Date,
): Promise<boolean> {
  const { link, expiresAt } = await issueInvitation(deps, { userId: user.id, invitedBy: caller.auth.userId, now });
  const organisationName = await findOrganisationName(deps.db, user.organisationId);
  const mail = invitationMail({
    to: user.email,
    firstName: user.firstName,
    username: user.username,
    organisationName,
    link,
    expiresAt,
  });
  const isSent = await deps.mailer.send(mail).then(
    () => true,
    () => false,
  );
  await writeAudit(deps.db, {
    organisationId: caller.auth.organisationId,
    userId: caller.auth.userId,
    action: 'admin.user_invited',
    clientAddress: caller.clientAddress,
    details: { targetUserId: user.id, expiresAt: expiresAt.toISOString(), isSent },
  });
  return isSent;
}

/** The account an invitation link is for, while it can be used. */
export async function readInvitation(
  db: Db,
  input: { token: string; now?: Date },
): Promise<{ username: string; firstName: string; organisationName: string }> {
  const found = await findUsableInvitation(db, hashToken(input.token), input.now ?? new Date());
  if (!found) throw new AppError('NOT_FOUND', INVALID_LINK);
  return { username: found.user.username, firstName: found.user.firstName, organisationName: found.organisationName };
}

/**
 * Sets the invited account's password with its link (used once); the person then signs in with it.
 * Any session the account had ends, and the first sign-in asks for nothing more.
 */
export async function acceptInvitation(
  deps: { db: Db; accessTokens: AccessTokens; now?: () => Date },
  input: { token: string; newPassword: string; clientAddress: string | undefined },
): Promise<{ username: string }> {
  const now = deps.now?.() ?? new Date();
  const found = await findUsableInvitation(deps.db, hashToken(input.token), now);
  if (!found || !(await claimInvitation(deps.db, found.invitationId, now))) {
    throw new AppError('NOT_FOUND', INVALID_LINK);
  }
  const { user } = found;
  await updateUser(deps.db, user.id, {
    passwordHash: await hashPassword(input.newPassword),
    lastPasswordChangeAt: now,
    mustChangePassword: false,
    failedAttempts: 0,
    lockedUntil: null,
  });
  await endSessions(deps, { userId: user.id }, now);
  await writeAudit(deps.db, {
    organisationId: user.organisationId,
    userId: user.id,
    action: 'auth.invitation_accepted',
    clientAddress: input.clientAddress,
  });
  return { username: user.username };
}
