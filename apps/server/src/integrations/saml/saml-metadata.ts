import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';

/**
 * A SAML 2.0 identity provider as its metadata describes it (SAML metadata 2.0 §2.4.3): its entity ID,
 * where browsers are sent to sign in (the HTTP-Redirect SingleSignOnService) and out, and the
 * certificates its signatures are checked with.
 */
export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  logoutUrl: string | undefined;
  /** Signing certificates, base64 DER as the metadata carries them. */
  certificates: string[];
}

/** Metadata Cairn cannot use; the message says why in words an administrator acts on. */
export class SamlMetadataError extends Error {
  override name = 'SamlMetadataError';
}

const METADATA_NS = 'urn:oasis:names:tc:SAML:2.0:metadata';
const SIGNATURE_NS = 'http://www.w3.org/2000/09/xmldsig#';
const SAML2_PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** Reads an IdP's metadata (an EntityDescriptor, or an EntitiesDescriptor holding exactly one IdP). */
export function parseIdpMetadata(xml: string): IdpMetadata {
  const descriptor = onlyIdpDescriptor(parseXml(xml));
  const entity = descriptor.parentNode as Element | null;
  const entityId = entity?.getAttribute('entityID')?.trim();
  if (!entityId) throw new SamlMetadataError('The metadata has no entityID.');
  const ssoUrl = redirectLocation(descriptor, 'SingleSignOnService');
  if (!ssoUrl) {
    throw new SamlMetadataError(
      'The identity provider offers no SingleSignOnService with the HTTP-Redirect binding, which Cairn sends sign-ins to.',
    );
  }
  const certificates = signingCertificates(descriptor);
  if (certificates.length === 0) {
    throw new SamlMetadataError(
      'The metadata has no signing certificate: Cairn requires signed assertions and checks them with it.',
    );
  }
  return { entityId, ssoUrl, logoutUrl: redirectLocation(descriptor, 'SingleLogoutService'), certificates };
}

/** What the admin tool shows of a certificate: subject, SHA-256 fingerprint and expiry. */
export function describeCertificate(certificate: string): { subject: string; fingerprint: string; notAfter: string } {
  const x509 = new X509Certificate(Buffer.from(certificate, 'base64'));
  return {
    subject: x509.subject.replaceAll('\n', ', '),
    fingerprint: x509.fingerprint256,
    notAfter: new Date(x509.validTo).toISOString(),
  };
}

function parseXml(xml: string) {
  const problems: string[] = [];
  const document = new DOMParser({
    locator: {},
    errorHandler: {
      warning: () => undefined,
      error: (message: string) => problems.push(message),
      fatalError: (message: string) => problems.push(message),
    },
  }).parseFromString(xml, 'text/xml');
  // An empty or broken document has no root element, whatever the DOM types say.
  if (problems.length > 0 || !(document.documentElement as Element | null)) {
    throw new SamlMetadataError('The metadata is not well-formed XML.');
  }
  return document;
}

function onlyIdpDescriptor(document: ReturnType<typeof parseXml>): Element {
  const descriptors = Array.from(document.getElementsByTagNameNS(METADATA_NS, 'IDPSSODescriptor')).filter(
    (descriptor) => (descriptor.getAttribute('protocolSupportEnumeration') ?? '').split(/\s+/).includes(SAML2_PROTOCOL),
  );
  if (descriptors.length === 0) {
    throw new SamlMetadataError('The metadata describes no SAML 2.0 identity provider (IDPSSODescriptor).');
  }
  if (descriptors.length > 1) {
    throw new SamlMetadataError(
      "The metadata describes several identity providers: give the organisation's own provider's metadata.",
    );
  }
  return descriptors[0] as Element;
}

function redirectLocation(descriptor: Element, service: string): string | undefined {
  const endpoint = childElements(descriptor, service).find(
    (element) => element.getAttribute('Binding') === REDIRECT_BINDING,
  );
  const location = endpoint?.getAttribute('Location')?.trim();
  return location ? location : undefined;
}

/** The certificates of the key descriptors for signing (`use` absent means signing and encryption). */
function signingCertificates(descriptor: Element): string[] {
  const certificates = childElements(descriptor, 'KeyDescriptor')
    .filter((key) => (key.getAttribute('use') || 'signing') === 'signing')
    .flatMap((key) => Array.from(key.getElementsByTagNameNS(SIGNATURE_NS, 'X509Certificate')))
    .map((element) => element.textContent.replace(/\s+/g, ''));
  for (const certificate of certificates) {
    try {
      new X509Certificate(Buffer.from(certificate, 'base64'));
    } catch {
      throw new SamlMetadataError('A signing certificate in the metadata is not a valid X.509 certificate.');
    }
  }
  return [...new Set(certificates)];
}

function childElements(parent: Element, localName: string): Element[] {
  return Array.from(parent.childNodes).filter(
    (node): node is Element =>
      node.nodeType === node.ELEMENT_NODE &&
      (node as Element).namespaceURI === METADATA_NS &&
      (node as Element).localName === localName,
  );
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const FETCH_TIMEOUT_MS = 10_000;
const MAX_METADATA_BYTES = 1_000_000;

/**
 * Reads the IdP's metadata from its URL: https, or plain http to this machine when allowed (outside
 * production); ten seconds and one megabyte at most.
 */
export async function fetchIdpMetadata(url: string, options: { allowLoopbackHttp: boolean }): Promise<string> {
  const target = new URL(url);
  const isAllowedHttp = options.allowLoopbackHttp && LOOPBACK_HOSTS.has(target.hostname);
  if (target.protocol !== 'https:' && !(target.protocol === 'http:' && isAllowedHttp)) {
    throw new SamlMetadataError('The metadata URL must use https.');
  }
  let response: Response;
  try {
    response = await fetch(target, {
      headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
      redirect: 'manual',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch {
    throw new SamlMetadataError('The metadata URL does not answer.');
  }
  const location = response.headers.get('location');
  if (response.status >= 300 && response.status < 400 && location) {
    throw new SamlMetadataError(`The metadata URL redirects to ${location.slice(0, 300)}: give that address instead.`);
  }
  if (!response.ok) throw new SamlMetadataError(`The metadata URL answers HTTP ${response.status}.`);
  const text = await response.text();
  if (Buffer.byteLength(text) > MAX_METADATA_BYTES) throw new SamlMetadataError('The metadata is larger than 1 MB.');
  return text;
}
