import type { EndpointBody, testIdentityProvider as testEndpoint } from '@cairn/contracts';
import { AppError } from '../../lib/app-error';
import { writeAudit, type AuthContext } from '../../access';
import { findIdentityProvider } from './sso.repository';
import { beginSignIn, type SsoServiceDeps } from './sso.service';

/**
 * Test sign-in (the admin tool): a sign-in at the organisation's provider, started by an
 * administrator, whose completion reports what the provider sent and how the mapping read it, and
 * creates no session and no user. The administrator signs in at the provider as whoever they test.
 */
export async function startTestSignIn(
  deps: SsoServiceDeps,
  caller: { auth: AuthContext; clientAddress: string | undefined },
  input: EndpointBody<typeof testEndpoint>,
): Promise<{ authorizationUrl: string }> {
  if (!caller.auth.isAdmin) throw new AppError('FORBIDDEN');
  const provider = await findIdentityProvider(deps.db, caller.auth.organisationId);
  if (!provider) throw new AppError('NOT_FOUND', 'Single sign-on is not set up for this organisation.');
  const started = await beginSignIn(deps, provider, { browserBinding: input.browserBinding, isTest: true });
  await writeAudit(deps.db, {
    organisationId: caller.auth.organisationId,
    userId: caller.auth.userId,
    action: 'sso.test_sign_in_started',
    clientAddress: caller.clientAddress,
    details: { issuer: provider.issuer },
  });
  return started;
}
