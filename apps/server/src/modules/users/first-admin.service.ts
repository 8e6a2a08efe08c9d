import { usernameSchema } from '@cairn/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { organisations } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../../access';
import { insertUser } from '../auth';
import { issueInvitation } from './invitation.service';
import { isUsernameTaken } from './user-admin.repository';

/** A new organisation and its first admin, as `npm run organisation` takes them. */
export const newOrganisation = z.object({
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'Lower-case letters, digits and dashes, 2 to 63 of them'),
  name: z.string().trim().min(1, 'Required').max(200),
  admin: z.object({
    username: usernameSchema,
    email: z.email().max(320),
    firstName: z.string().trim().max(100).default(''),
    lastName: z.string().trim().max(100).default(''),
  }),
});
export type NewOrganisation = z.input<typeof newOrganisation>;

/**
 * Creates an organisation and its first admin, who has no password yet: the answer is an invitation
 * link (single use, 72 hours) where they choose it. From there the admin tool does the rest.
 */
export async function createOrganisationWithAdmin(
  db: Db,
  input: NewOrganisation,
  options: { publicOrigin: string; now?: Date },
): Promise<{ organisationId: string; adminUserId: string; invitationLink: string; expiresAt: Date }> {
  const parsed = newOrganisation.safeParse(input);
  if (!parsed.success) {
    throw AppError.validation(
      parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
    );
  }
  const { slug, name, admin } = parsed.data;
  const now = options.now ?? new Date();
  const [existing] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.slug, slug));
  if (existing) throw new AppError('CONFLICT', `An organisation ${slug} already exists.`, { field: 'slug' });
  if (await isUsernameTaken(db, admin.username)) {
    throw new AppError('CONFLICT', `The username ${admin.username} is already taken.`, { field: 'admin.username' });
  }
  const created = await db.transaction(async (tx) => {
    const [organisation] = await tx.insert(organisations).values({ slug, name }).returning();
    if (!organisation) throw new Error('organisation not created');
    const user = await insertUser(tx, {
      organisationId: organisation.id,
      ...admin,
      view: 'Provider',
      isAdmin: true,
      // Spec §6: the apps menu offers the admin tool on an explicit grant only.
      permissions: ['admin_tool'],
      passwordHash: null,
    });
    await writeAudit(tx, {
      organisationId: organisation.id,
      userId: undefined,
      action: 'admin.organisation_created',
      clientAddress: undefined,
      details: { slug, firstAdminUserId: user.id, via: 'cli' },
    });
    return { organisationId: organisation.id, adminUserId: user.id };
  });
  const invitation = await issueInvitation(
    { db, publicOrigin: options.publicOrigin },
    {
      userId: created.adminUserId,
      invitedBy: null,
      now,
    },
  );
  return { ...created, invitationLink: invitation.link, expiresAt: invitation.expiresAt };
}
