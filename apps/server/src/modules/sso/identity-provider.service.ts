import { randomUUID } from 'node:crypto';
import type {
  createIdentityProvider as createEndpoint,
  EndpointBody,
  IdentityProvider,
  IdentityProviderRegistration,
  IdentityProviderSummary,
  setIdentityProvider as setEndpoint,
  setIdentityProviderEnabled as setEnabledEndpoint,
  updateIdentityProvider as updateEndpoint,
} from '@cairn/contracts';
import { forgetProvider } from '../../integrations/oidc/oidc-client';
import { AppError } from '../../lib/app-error';
import { writeAudit, type AuthContext } from '../../access';
import {
  deleteIdentityProvider as deleteProviderRow,
  findIdentityProvider,
  insertIdentityProvider,
  listIdentityProviders as listProviderRows,
  updateIdentityProvider as updateProviderRow,
  type IdentityProviderRow,
} from './identity-provider.repository';
import { readProviderSettings, refuseClaimedDomains, type ProviderSettingsInput } from './identity-provider-settings';
import { identityProviderSummary, identityProviderView } from './identity-provider-view';
import type { SsoServiceDeps } from './sso.service';
import { providerRegistration } from './sso-urls';

export interface Caller {
  auth: AuthContext;
  clientAddress: string | undefined;
}

/** Only an administrator of the organisation manages its identity providers (not `admin_tool` alone). */
export function requireAdmin(auth: AuthContext): void {
  if (!auth.isAdmin) throw new AppError('FORBIDDEN');
}

const NOT_SET_UP = 'Single sign-on is not set up for this organisation.';

/**
 * The provider a call names, of the caller's organisation (another's is 404); none named: the
 * organisation's only provider, as when an organisation had one (with several, 422 naming `providerId`).
 */
export async function providerOfCall(
  deps: SsoServiceDeps,
  organisationId: string,
  providerId: string | undefined,
): Promise<IdentityProviderRow> {
  if (providerId !== undefined) {
    const provider = await findIdentityProvider(deps.db, organisationId, providerId);
    if (!provider) throw new AppError('NOT_FOUND', 'No such identity provider in this organisation.');
    return provider;
  }
  const providers = await listProviderRows(deps.db, organisationId);
  const [only] = providers;
  if (!only) throw new AppError('NOT_FOUND', NOT_SET_UP);
  if (providers.length > 1) throw severalProviders();
  return only;
}

function severalProviders(): AppError {
  return AppError.validation([
    { field: 'providerId', message: 'The organisation has several identity providers: name one' },
  ]);
}

export async function listIdentityProviders(deps: SsoServiceDeps, caller: Caller): Promise<IdentityProviderSummary[]> {
  requireAdmin(caller.auth);
  return (await listProviderRows(deps.db, caller.auth.organisationId)).map(identityProviderSummary);
}

/**
 * A new provider's id and the URLs its IdP registers for Cairn, before the provider is created here:
 * an IdP (Okta, for one) wants Cairn's SAML entity ID and ACS before it gives its own metadata.
 * Nothing is stored: `create` takes the id.
 */
export function prepareIdentityProvider(
  deps: SsoServiceDeps,
  caller: Caller,
): { providerId: string; registration: IdentityProviderRegistration } {
  requireAdmin(caller.auth);
  const providerId = randomUUID();
  const key = { id: providerId, organisationId: caller.auth.organisationId, hasOrganisationUrls: false };
  return { providerId, registration: providerRegistration(deps.publicOrigin, key) };
}

export async function getIdentityProvider(
  deps: SsoServiceDeps,
  caller: Caller,
  input: { providerId?: string | undefined },
): Promise<IdentityProvider> {
  requireAdmin(caller.auth);
  const provider = await providerOfCall(deps, caller.auth.organisationId, input.providerId);
  return identityProviderView(provider, deps.publicOrigin);
}

/** Adds a provider to the organisation, with the id `prepare` gave when it is given. */
export async function createIdentityProvider(
  deps: SsoServiceDeps,
  caller: Caller,
  input: EndpointBody<typeof createEndpoint>,
): Promise<IdentityProvider> {
  requireAdmin(caller.auth);
  const organisationId = caller.auth.organisationId;
  const { providerId = randomUUID(), isEnabled, ...settingsInput } = input;
  await refuseClaimedDomains(deps, { organisationId, providerId }, settingsInput);
  const settings = await readProviderSettings(deps, organisationId, settingsInput, undefined);
  const provider = await insertIdentityProvider(deps.db, { id: providerId, organisationId, isEnabled, ...settings });
  if (!provider) {
    throw new AppError('CONFLICT', 'This identity provider id is taken: prepare a new one.', { field: 'providerId' });
  }
  await auditChange(deps, caller, 'sso.identity_provider_created', provider, settingsInput);
  return identityProviderView(provider, deps.publicOrigin);
}

/** Changes a provider of the organisation (a client secret or SAML metadata left out is kept). */
export async function updateIdentityProvider(
  deps: SsoServiceDeps,
  caller: Caller,
  input: EndpointBody<typeof updateEndpoint>,
): Promise<IdentityProvider> {
  requireAdmin(caller.auth);
  const { providerId, isEnabled, ...settingsInput } = input;
  const existing = await providerOfCall(deps, caller.auth.organisationId, providerId);
  return saveSettings(deps, caller, existing, { settingsInput, isEnabled });
}

/**
 * Sets the organisation's only provider, as the single-provider admin call did: the one named, else
 * the only one, else a new one; with several, 422 naming `providerId`.
 */
export async function setIdentityProvider(
  deps: SsoServiceDeps,
  caller: Caller,
  input: EndpointBody<typeof setEndpoint>,
): Promise<IdentityProvider> {
  requireAdmin(caller.auth);
  const { providerId, ...settingsInput } = input;
  const providers = await listProviderRows(deps.db, caller.auth.organisationId);
  if (providerId === undefined && providers.length === 0) {
    return createIdentityProvider(deps, caller, { ...settingsInput, isEnabled: true });
  }
  const existing = await providerOfCall(deps, caller.auth.organisationId, providerId);
  return saveSettings(deps, caller, existing, { settingsInput, isEnabled: undefined });
}

async function saveSettings(
  deps: SsoServiceDeps,
  caller: Caller,
  existing: IdentityProviderRow,
  change: { settingsInput: ProviderSettingsInput; isEnabled: boolean | undefined },
): Promise<IdentityProvider> {
  const key = { organisationId: existing.organisationId, providerId: existing.id };
  await refuseClaimedDomains(deps, key, change.settingsInput);
  const settings = await readProviderSettings(deps, existing.organisationId, change.settingsInput, existing);
  const provider = await updateProviderRow(deps.db, key, {
    ...settings,
    ...(change.isEnabled === undefined ? {} : { isEnabled: change.isEnabled }),
  });
  if (!provider) throw new AppError('NOT_FOUND', 'No such identity provider in this organisation.');
  await auditChange(deps, caller, 'sso.identity_provider_set', provider, change.settingsInput);
  return identityProviderView(provider, deps.publicOrigin);
}

/** Enables or disables a provider: a disabled one is not offered and signs no one in. */
export async function setIdentityProviderEnabled(
  deps: SsoServiceDeps,
  caller: Caller,
  input: EndpointBody<typeof setEnabledEndpoint>,
): Promise<IdentityProviderSummary> {
  requireAdmin(caller.auth);
  const key = { organisationId: caller.auth.organisationId, providerId: input.providerId };
  const provider = await updateProviderRow(deps.db, key, { isEnabled: input.isEnabled });
  if (!provider) throw new AppError('NOT_FOUND', 'No such identity provider in this organisation.');
  await writeAudit(deps.db, {
    organisationId: key.organisationId,
    userId: caller.auth.userId,
    action: input.isEnabled ? 'sso.identity_provider_enabled' : 'sso.identity_provider_disabled',
    clientAddress: caller.clientAddress,
    details: { providerId: provider.id, issuer: provider.issuer },
  });
  return identityProviderSummary(provider);
}

/** Removes a provider and its sign-ins in flight; its users are found by email at another provider. */
export async function deleteIdentityProvider(
  deps: SsoServiceDeps,
  caller: Caller,
  input: { providerId?: string | undefined },
): Promise<true> {
  requireAdmin(caller.auth);
  const organisationId = caller.auth.organisationId;
  const provider = await providerOfCall(deps, organisationId, input.providerId);
  if (!(await deleteProviderRow(deps.db, { organisationId, providerId: provider.id }))) {
    throw new AppError('NOT_FOUND', 'No such identity provider in this organisation.');
  }
  forgetProvider(provider.issuer);
  await writeAudit(deps.db, {
    organisationId,
    userId: caller.auth.userId,
    action: 'sso.identity_provider_deleted',
    clientAddress: caller.clientAddress,
    details: { providerId: provider.id, issuer: provider.issuer },
  });
  return true;
}

/** Audits a provider's settings as set: never the client secret, only whether it changed. */
async function auditChange(
  deps: SsoServiceDeps,
  caller: Caller,
  action: 'sso.identity_provider_created' | 'sso.identity_provider_set',
  provider: IdentityProviderRow,
  input: ProviderSettingsInput,
): Promise<void> {
  await writeAudit(deps.db, {
    organisationId: provider.organisationId,
    userId: caller.auth.userId,
    action,
    clientAddress: caller.clientAddress,
    details: {
      providerId: provider.id,
      protocol: input.protocol,
      isEnabled: provider.isEnabled,
      issuer: provider.issuer,
      clientId: provider.clientId,
      secretChanged: input.clientSecret !== undefined,
      ...(provider.samlMetadataUrl ? { metadataUrl: provider.samlMetadataUrl } : {}),
      displayName: input.displayName,
      claimMapping: input.claimMapping,
      allowedEmailDomains: input.allowedEmailDomains,
    },
  });
}
