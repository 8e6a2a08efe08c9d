import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import * as samlify from 'samlify';

/**
 * A real SAML 2.0 identity provider for tests: `samlify` (an implementation independent of the
 * `@node-saml/node-saml` Cairn uses), served on a free port of 127.0.0.1. It publishes its metadata,
 * trusts the service providers whose metadata it is given (Cairn's, read from Cairn's metadata URL),
 * takes their AuthnRequests by HTTP-Redirect and answers with a signed assertion posted by an HTML
 * form, as Okta or Entra ID do. Never part of the server bundle: only tests import it.
 */
export interface TestSamlUser {
  nameId: string;
  nameIdFormat?: string;
  /** SAML attributes by Name: one value or several. */
  attributes: Record<string, string | string[]>;
}

/** What a test may change in the next answer, to see Cairn refuse it. */
export interface TestSamlAnswer {
  audience?: string;
  recipient?: string;
  inResponseTo?: string;
  issuer?: string;
  /** Seconds from now the assertion stops being valid (default 300; negative: already expired). */
  validForSeconds?: number;
}

export interface TestSamlIdp {
  entityId: string;
  metadataUrl: string;
  metadataXml: string;
  /** Where browsers are sent to sign in (HTTP-Redirect). */
  ssoUrl: string;
  /** Trusts a service provider (by its metadata), as an IdP administrator registers an application. */
  trust(spMetadataXml: string): void;
  /** Who the IdP signs in (the person at its login page), and what the next answer changes. */
  signInAs(user: TestSamlUser, answer?: TestSamlAnswer): void;
  close(): Promise<void>;
}

/** The form the IdP's page posts to the service provider. */
export interface PostedSamlForm {
  action: string;
  SAMLResponse: string;
  RelayState: string | undefined;
}

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** The IdP's key pair, or another one (an IdP Cairn does not trust) for negative tests. */
export function testIdpKeys(which: 'idp' | 'other-idp' = 'idp'): { privateKey: string; certificate: string } {
  return { privateKey: fixture(`${which}-key.pem`), certificate: fixture(`${which}-cert.pem`) };
}

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

// samlify asks for a schema validator; a well-formedness check is enough for a test IdP.
samlify.setSchemaValidator({
  validate: async (xml: string) => {
    const root = new DOMParser({ errorHandler: { warning: () => undefined } }).parseFromString(xml, 'text/xml');
    if (!(root.documentElement as Element | null)) throw new Error('not XML');
    return 'well-formed';
  },
});

export async function startTestSamlIdp(options: { keys?: 'idp' | 'other-idp' } = {}): Promise<TestSamlIdp> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const keys = testIdpKeys(options.keys);
  const idp = samlify.IdentityProvider({
    entityID: `${url}/metadata`,
    privateKey: keys.privateKey,
    signingCert: keys.certificate,
    singleSignOnService: [{ Binding: REDIRECT, Location: `${url}/sso` }],
    nameIDFormat: [EMAIL_FORMAT],
    wantAuthnRequestsSigned: false,
  });
  const serviceProviders: ReturnType<typeof samlify.ServiceProvider>[] = [];
  let user: TestSamlUser | undefined;
  let answer: TestSamlAnswer = {};

  server.on('request', (request, response) => {
    const requested = new URL(request.url ?? '/', url);
    const fail = (status: number, message: string) => {
      response.statusCode = status;
      response.setHeader('content-type', 'text/plain');
      response.end(message);
    };
    if (requested.pathname === '/metadata') {
      response.setHeader('content-type', 'application/samlmetadata+xml');
      response.end(idp.getMetadata());
      return;
    }
    if (requested.pathname !== '/sso') return fail(404, 'not found');
    if (!user) return fail(401, 'no one signs in');
    answerSignIn(requested, user, answer).then(
      (form) => {
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(autoPostPage(form));
      },
      (error: unknown) => fail(400, error instanceof Error ? error.message : 'the request could not be read'),
    );
  });

  async function answerSignIn(requested: URL, person: TestSamlUser, changes: TestSamlAnswer): Promise<PostedSamlForm> {
    const query = Object.fromEntries(requested.searchParams);
    const issuer = requestIssuer(query.SAMLRequest ?? '');
    const sp = serviceProviders.find((candidate) => candidate.entityMeta.getEntityID() === issuer);
    if (!sp) throw new Error(`unknown service provider ${issuer}`);
    const request = await idp.parseLoginRequest(sp, 'redirect', { query, octetString: requested.search.slice(1) });
    const requestId = (request.extract as { request?: { id?: string } }).request?.id ?? '';
    const acsUrl = String(sp.entityMeta.getAssertionConsumerService(samlify.Constants.wording.binding.post));
    const now = new Date();
    const until = new Date(now.getTime() + (changes.validForSeconds ?? 300) * 1000).toISOString();
    const values: Record<string, string> = {
      ID: `_${randomBytes(16).toString('hex')}`,
      AssertionID: `_${randomBytes(16).toString('hex')}`,
      Destination: acsUrl,
      Audience: changes.audience ?? sp.entityMeta.getEntityID(),
      SubjectRecipient: changes.recipient ?? acsUrl,
      Issuer: changes.issuer ?? idp.entityMeta.getEntityID(),
      IssueInstant: now.toISOString(),
      StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
      ConditionsNotBefore: now.toISOString(),
      ConditionsNotOnOrAfter: until,
      SubjectConfirmationDataNotOnOrAfter: until,
      NameIDFormat: person.nameIdFormat ?? EMAIL_FORMAT,
      NameID: escapeXml(person.nameId),
      InResponseTo: changes.inResponseTo ?? requestId,
      AuthnStatement: `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_${randomBytes(8).toString('hex')}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
      AttributeStatement: attributeStatement(person.attributes),
    };
    const context = await idp.createLoginResponse(
      sp,
      request as unknown as Parameters<typeof idp.createLoginResponse>[1],
      'post',
      { email: person.nameId },
      (template: string) => ({
        id: values.ID ?? '',
        context: template.replace(/\{(\w+)\}/g, (_match, tag: string) => values[tag] ?? ''),
      }),
    );
    return { action: acsUrl, SAMLResponse: context.context, RelayState: query.RelayState };
  }

  return {
    entityId: idp.entityMeta.getEntityID(),
    metadataUrl: `${url}/metadata`,
    metadataXml: idp.getMetadata(),
    ssoUrl: `${url}/sso`,
    trust: (spMetadataXml) => {
      serviceProviders.push(samlify.ServiceProvider({ metadata: spMetadataXml }));
    },
    signInAs: (person, changes = {}) => {
      user = person;
      answer = changes;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Follows an SP's authorization URL to the IdP, as a browser would, and reads the form the IdP's page
 * posts back: the ACS, the SAMLResponse and the RelayState.
 */
export async function signInAtSamlIdp(authorizationUrl: string): Promise<PostedSamlForm> {
  const response = await fetch(authorizationUrl);
  const page = await response.text();
  if (!response.ok) throw new Error(`the IdP answered ${response.status}: ${page}`);
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1];
  const action = /action="([^"]+)"/.exec(page)?.[1];
  const samlResponse = field('SAMLResponse');
  if (!action || !samlResponse) throw new Error('the IdP page posts no SAML response');
  const relayState = field('RelayState');
  return {
    action: unescapeHtml(action),
    SAMLResponse: samlResponse,
    RelayState: relayState && unescapeHtml(relayState),
  };
}

/** The Issuer of a deflated, base64 AuthnRequest (which SP sent it). */
function requestIssuer(samlRequest: string): string {
  const xml = inflateRawSync(Buffer.from(samlRequest, 'base64')).toString('utf8');
  return /<(?:\w+:)?Issuer[^>]*>([^<]+)</.exec(xml)?.[1]?.trim() ?? '';
}

function attributeStatement(attributes: Record<string, string | string[]>): string {
  const entries = Object.entries(attributes);
  if (entries.length === 0) return '';
  const rendered = entries.map(([name, value]) => {
    const values = (Array.isArray(value) ? value : [value])
      .map((item) => `<saml:AttributeValue xsi:type="xs:string">${escapeXml(item)}</saml:AttributeValue>`)
      .join('');
    return `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:unspecified">${values}</saml:Attribute>`;
  });
  return `<saml:AttributeStatement>${rendered.join('')}</saml:AttributeStatement>`;
}

function autoPostPage(form: PostedSamlForm): string {
  const relayState =
    form.RelayState === undefined
      ? ''
      : `<input type="hidden" name="RelayState" value="${escapeXml(form.RelayState)}">`;
  return `<!doctype html><html><head><title>Signing in</title></head><body onload="document.forms[0].submit()">
<form method="post" action="${escapeXml(form.action)}"><input type="hidden" name="SAMLResponse" value="${form.SAMLResponse}">${relayState}
<noscript><button type="submit">Continue</button></noscript></form></body></html>`;
}

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function unescapeHtml(value: string): string {
  return value.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)));
}
