import { randomBytes } from 'node:crypto';
import {
  generateServiceProviderMetadata,
  SAML,
  ValidateInResponseTo,
  type CacheProvider,
  type Profile,
} from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import type { IdpMetadata } from './saml-metadata';

/**
 * Cairn as a SAML 2.0 service provider (Web Browser SSO profile, SP-initiated): the AuthnRequest by
 * HTTP-Redirect, the Response by HTTP-POST, checked by the well-kept `@node-saml/node-saml` (the
 * library under passport-saml) and then for what it leaves to its caller.
 */
export interface SamlServiceProvider {
  /** Cairn's entity ID for this organisation (its SP metadata URL); the assertions' audience. */
  entityId: string;
  /** The assertion consumer service: where the IdP posts its answer, and the assertion's Recipient. */
  acsUrl: string;
}

/** What a valid assertion says of the user: the NameID and every attribute, for the claim mapping. */
export interface SamlIdentity {
  subject: string;
  nameIdFormat: string | undefined;
  /** `nameID`, `nameIDFormat` and each attribute by its Name (a list when it has several values). */
  claims: Record<string, unknown>;
}

export class SamlError extends Error {
  override name = 'SamlError';
  constructor(readonly detail: string) {
    super(detail);
  }
}

/** Clock difference tolerated between Cairn and the IdP on NotBefore and NotOnOrAfter. */
const CLOCK_SKEW_MS = 2 * 60_000;
const TRANSIENT_NAME_ID = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';

/** A fresh AuthnRequest ID (an xs:ID: it may not start with a digit). */
export function newSamlRequestId(): string {
  return `_${randomBytes(20).toString('hex')}`;
}

function samlFor(sp: SamlServiceProvider, idp: IdpMetadata, cacheProvider: CacheProvider, requestId?: string): SAML {
  return new SAML({
    callbackUrl: sp.acsUrl,
    entryPoint: idp.ssoUrl,
    issuer: sp.entityId,
    audience: sp.entityId,
    idpCert: idp.certificates,
    // The assertion itself must be signed; a signature on the response alone does not cover it.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    cacheProvider,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    // Let the IdP choose the NameID format it is configured for, and how the user authenticates (MFA).
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
    ...(requestId ? { generateUniqueId: () => requestId } : {}),
  });
}

/** Request IDs are kept by Cairn's own sign-in state, not by the library's in-memory cache. */
const keptElsewhere: CacheProvider = {
  saveAsync: async (_key, value) => ({ value, createdAt: Date.now() }),
  getAsync: async () => null,
  removeAsync: async () => null,
};

/** The IdP's sign-in URL carrying an AuthnRequest with this ID and the RelayState (HTTP-Redirect binding). */
export async function samlAuthorizationUrl(
  sp: SamlServiceProvider,
  idp: IdpMetadata,
  request: { requestId: string; relayState: string },
): Promise<string> {
  return samlFor(sp, idp, keptElsewhere, request.requestId).getAuthorizeUrlAsync(request.relayState, undefined, {});
}

/**
 * Checks the IdP's posted response: the assertion signed by one of the IdP's certificates, issued by
 * the IdP, for this SP (audience) and its ACS (recipient, destination), within its validity, and the
 * answer to this request (InResponseTo). Unsolicited (IdP-initiated) responses are refused.
 */
export async function validateSamlResponse(
  sp: SamlServiceProvider,
  idp: IdpMetadata,
  answer: { samlResponse: string; requestId: string },
): Promise<SamlIdentity> {
  const expected: CacheProvider = {
    ...keptElsewhere,
    getAsync: async (key) => (key === answer.requestId ? new Date().toISOString() : null),
  };
  let profile: Profile | null;
  try {
    ({ profile } = await samlFor(sp, idp, expected).validatePostResponseAsync({ SAMLResponse: answer.samlResponse }));
  } catch (error) {
    throw new SamlError(error instanceof Error ? error.message : 'the response could not be read');
  }
  if (!profile) throw new SamlError('the response carries no assertion');
  if (profile.issuer !== idp.entityId) throw new SamlError('the assertion is issued by another entity');
  checkDestination(answer.samlResponse, sp.acsUrl);
  checkRecipient(profile.getAssertionXml?.() ?? '', sp.acsUrl);
  if (!profile.nameID) throw new SamlError('the assertion has no NameID');
  if (profile.nameIDFormat === TRANSIENT_NAME_ID) {
    throw new SamlError('the NameID is transient: set the IdP to send a persistent, email or unspecified NameID');
  }
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  return {
    subject: profile.nameID,
    nameIdFormat: profile.nameIDFormat || undefined,
    claims: { ...attributes, nameID: profile.nameID, nameIDFormat: profile.nameIDFormat },
  };
}

/** A response's Destination, when it names one, is this ACS (SAML bindings §3.5.5.2). */
function checkDestination(samlResponse: string, acsUrl: string): void {
  const root = parse(Buffer.from(samlResponse, 'base64').toString('utf8'));
  const destination = root?.getAttribute('Destination');
  if (destination && destination !== acsUrl) throw new SamlError('the response is addressed to another service');
}

/**
 * The bearer confirmation of the signed assertion names this ACS as its Recipient (SAML profiles
 * §4.1.4.2): an assertion the IdP issued for another service provider is not replayed here.
 */
function checkRecipient(assertionXml: string, acsUrl: string): void {
  const assertion = parse(assertionXml);
  const confirmations = assertion
    ? Array.from(assertion.getElementsByTagNameNS(ASSERTION_NS, 'SubjectConfirmationData'))
    : [];
  if (!confirmations.some((confirmation) => confirmation.getAttribute('Recipient') === acsUrl)) {
    throw new SamlError('the assertion is for another recipient');
  }
}

function parse(xml: string): Element | null {
  try {
    return new DOMParser({ errorHandler: { warning: () => undefined } }).parseFromString(xml, 'text/xml')
      .documentElement;
  } catch {
    return null;
  }
}

/** Cairn's SP metadata for the IdP to import: its entity ID, ACS, and that assertions must be signed. */
export function serviceProviderMetadata(sp: SamlServiceProvider): string {
  return generateServiceProviderMetadata({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    wantAssertionsSigned: true,
    identifierFormat: null,
  });
}
