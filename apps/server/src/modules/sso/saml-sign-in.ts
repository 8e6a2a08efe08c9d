import { createHash, randomBytes } from 'node:crypto';
import type { SamlProviderSettings } from '@cairn/contracts';
import {
  newSamlRequestId,
  samlAuthorizationUrl,
  SamlError,
  validateSamlResponse,
  type SamlIdentity,
  type SamlServiceProvider,
} from '../../integrations/saml/saml-client';
import {
  describeCertificate,
  fetchIdpMetadata,
  parseIdpMetadata,
  type IdpMetadata,
} from '../../integrations/saml/saml-metadata';
import { writeAudit } from '../../access';
import type { Db } from '../../db/client';
import { updateSamlMetadata, type IdentityProviderRow } from './identity-provider.repository';
import { attachSamlResponse, type SsoStateRow } from './sso.repository';
import { samlServiceProvider } from './sso-urls';

/** Metadata read from a URL is read again after a day, so that the IdP's new certificates are taken. */
export const SAML_METADATA_MAX_AGE_MS = 24 * 60 * 60_000;

/** The hash a RelayState or one-time code is stored under (they are never stored themselves). */
export function samlHash(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** A fresh RelayState, or one-time code: 256 random bits. */
export function samlRandomValue(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The IdP's metadata as stored, read again from its URL once it is a day old. A failed re-read keeps
 * the stored metadata (the IdP's page may be down for a moment; its certificates rarely change).
 */
export async function currentIdpMetadata(
  deps: { db: Db; allowLoopbackHttp: boolean; now?: () => Date },
  provider: IdentityProviderRow,
): Promise<IdpMetadata> {
  const now = deps.now?.() ?? new Date();
  const readAt = provider.samlMetadataReadAt?.getTime() ?? 0;
  if (provider.samlMetadataUrl && now.getTime() - readAt > SAML_METADATA_MAX_AGE_MS) {
    try {
      const xml = await fetchIdpMetadata(provider.samlMetadataUrl, deps);
      const metadata = parseIdpMetadata(xml);
      await updateSamlMetadata(deps.db, provider.id, { xml, readAt: now, entityId: metadata.entityId });
      return metadata;
    } catch {
      // Kept: the stored metadata below.
    }
  }
  return parseIdpMetadata(provider.samlMetadataXml ?? '');
}

/** The sign-in's AuthnRequest: the URL to send the browser to, with the request ID to expect back. */
export async function startSamlRequest(
  sp: SamlServiceProvider,
  idp: IdpMetadata,
  relayState: string,
): Promise<{ requestId: string; authorizationUrl: string }> {
  const requestId = newSamlRequestId();
  return { requestId, authorizationUrl: await samlAuthorizationUrl(sp, idp, { requestId, relayState }) };
}

/**
 * The assertion consumer service: keeps the posted response with the sign-in its RelayState names
 * (once: a second post for the same sign-in is not kept; and only at that sign-in's provider's ACS) and
 * answers where the browser goes on to, Cairn's `/sso` page with the RelayState and a one-time code.
 * The response is checked when that page completes the sign-in, by the browser that started it. An
 * unsolicited response (no RelayState Cairn issued) is audited and the page is told so.
 */
export async function receiveSamlResponse(
  db: Db,
  answer: {
    samlResponse: string;
    relayState: string | undefined;
    clientAddress: string | undefined;
    acs: { providerId: string } | 'organisation';
  },
): Promise<{ redirectUri: string | undefined; query: URLSearchParams }> {
  const code = samlRandomValue();
  const redirectUri =
    answer.relayState === undefined
      ? undefined
      : await attachSamlResponse(db, samlHash(answer.relayState), {
          samlResponse: answer.samlResponse,
          codeHash: samlHash(code),
          acs: answer.acs,
        });
  if (redirectUri === undefined) {
    await writeAudit(db, {
      organisationId: undefined,
      userId: undefined,
      action: 'auth.sso_failed',
      clientAddress: answer.clientAddress,
      details: { reason: 'unknown_state', detail: 'a SAML response for no sign-in in flight' },
    });
    return {
      redirectUri,
      query: new URLSearchParams({ state: answer.relayState || 'unsolicited', error: 'unsolicited_response' }),
    };
  }
  return { redirectUri, query: new URLSearchParams({ state: answer.relayState ?? '', code }) };
}

/**
 * Checks the response kept for this sign-in: the code is the one the browser was given, and the
 * response is the IdP's signed answer to this sign-in's request.
 */
export async function validateSamlAnswer(
  deps: { db: Db; publicOrigin: string; allowLoopbackHttp: boolean; now?: () => Date },
  provider: IdentityProviderRow,
  row: SsoStateRow,
  code: string,
): Promise<SamlIdentity> {
  if (!row.samlResponse || row.samlCodeHash !== samlHash(code)) {
    throw new SamlError('no SAML response was received for this sign-in');
  }
  const idp = await currentIdpMetadata(deps, provider);
  return validateSamlResponse(samlServiceProvider(deps.publicOrigin, provider), idp, {
    samlResponse: row.samlResponse,
    requestId: samlRequestIdOf(row),
  });
}

/** A SAML sign-in keeps its request ID where an OpenID one keeps its nonce (with the same test prefix). */
export function samlRequestIdOf(row: Pick<SsoStateRow, 'nonce'>): string {
  return row.nonce.slice(row.nonce.indexOf('_'));
}

/** The admin tool's view of a SAML provider: what Cairn read from its metadata, and Cairn's own side. */
export function samlSettingsView(provider: IdentityProviderRow, publicOrigin: string): SamlProviderSettings {
  const sp = samlServiceProvider(publicOrigin, provider);
  const idp = parseIdpMetadata(provider.samlMetadataXml ?? '');
  return {
    ...(provider.samlMetadataUrl ? { metadataUrl: provider.samlMetadataUrl } : {}),
    metadataReadAt: (provider.samlMetadataReadAt ?? provider.createdAt).toISOString(),
    ssoUrl: idp.ssoUrl,
    ...(idp.logoutUrl ? { logoutUrl: idp.logoutUrl } : {}),
    certificates: idp.certificates.map(describeCertificate),
    serviceProvider: { entityId: sp.entityId, acsUrl: sp.acsUrl, metadataUrl: sp.entityId },
  };
}
