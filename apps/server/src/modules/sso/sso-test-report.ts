import type { SsoTestResult } from '@cairn/contracts';
import type { Db } from '../../db/client';
import { writeAudit } from '../../access';
import { isEmailDomainAllowed, type MappedClaims } from './sso-claims';
import type { IdentityProviderRow } from './identity-provider.repository';
import { signInName } from './identity-provider-view';
import { findSsoUser } from './sso.repository';

/** The report of a Test sign-in's completion, audited (the subject and email, not the claims). */
export async function reportTestSignIn(
  db: Db,
  test: {
    provider: IdentityProviderRow;
    identity: { subject: string; claims: Record<string, unknown> };
    mapped: MappedClaims;
    clientAddress: string | undefined;
  },
): Promise<SsoTestResult> {
  const { provider, identity, mapped } = test;
  const existing = await findSsoUser(db, {
    organisationId: provider.organisationId,
    providerId: provider.id,
    subject: identity.subject,
  });
  const isAllowed = isEmailDomainAllowed(mapped.email, provider.allowedEmailDomains);
  await writeAudit(db, {
    organisationId: provider.organisationId,
    userId: undefined,
    action: 'sso.test_sign_in',
    clientAddress: test.clientAddress,
    details: {
      providerId: provider.id,
      subject: identity.subject,
      email: mapped.email ?? null,
      isEmailDomainAllowed: isAllowed,
    },
  });
  return {
    provider: { id: provider.id, name: signInName(provider), protocol: provider.protocol },
    claims: identity.claims,
    mapped: {
      ...(mapped.username ? { username: mapped.username } : {}),
      ...(mapped.email ? { email: mapped.email } : {}),
      ...(mapped.firstName ? { firstName: mapped.firstName } : {}),
      ...(mapped.lastName ? { lastName: mapped.lastName } : {}),
      groups: mapped.groups ?? [],
    },
    isEmailDomainAllowed: isAllowed,
    ...(existing ? { existingUsername: existing.username } : {}),
  };
}
