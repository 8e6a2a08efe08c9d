import type { EndpointBody, testIdentityProvider as testEndpoint } from '@cairn/contracts';
import { writeAudit, type AuthContext } from '../../access';
import { providerOfCall, requireAdmin } from './identity-provider.service';
import { beginSignIn, type SsoServiceDeps } from './sso.service';

/**
 * Test sign-in (the admin tool): a sign-in at one of the organisation's providers, enabled or not,
 * started by an administrator, whose completion reports what the provider sent and how the mapping
 * read it, and creates no session and no user. The administrator signs in at the provider as whoever
 * they test.
 */
export async function startTestSignIn(
  deps: SsoServiceDeps,
  caller: { auth: AuthContext; clientAddress: string | undefined },
  input: EndpointBody<typeof testEndpoint>,
): Promise<{ authorizationUrl: string }> {
  requireAdmin(caller.auth);
  const provider = await providerOfCall(deps, caller.auth.organisationId, input.providerId);
  const started = await beginSignIn(deps, provider, { browserBinding: input.browserBinding, isTest: true });
  await writeAudit(deps.db, {
    organisationId: caller.auth.organisationId,
    userId: caller.auth.userId,
    action: 'sso.test_sign_in_started',
    clientAddress: caller.clientAddress,
    details: { providerId: provider.id, issuer: provider.issuer },
  });
  return started;
}
