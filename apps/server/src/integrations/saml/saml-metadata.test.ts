import { describe, expect, it } from 'vitest';
import { describeCertificate, parseIdpMetadata } from './saml-metadata';
import { testIdpKeys } from './test-saml-idp';

const certificate = testIdpKeys().certificate.replace(/-----[A-Z ]+-----|\s/g, '');
const other = testIdpKeys('other-idp').certificate.replace(/-----[A-Z ]+-----|\s/g, '');

/** In the shape Okta publishes for an application (its "Identity Provider metadata" link). */
const okta = `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="http://www.okta.com/exk1fcia6d6EMsf331d8">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>
${certificate.match(/.{1,64}/g)?.join('\n')}
      </ds:X509Certificate></ds:X509Data></ds:KeyInfo>
    </md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified</md:NameIDFormat>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://clinic.okta.com/app/clinic_cairn_1/exk1fcia6d6EMsf331d8/sso/saml"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://clinic.okta.com/app/clinic_cairn_1/exk1fcia6d6EMsf331d8/sso/saml"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

/**
 * In the shape of Microsoft Entra ID's federation metadata: a signed document whose WS-Federation
 * role descriptors come first and carry certificates too, then the SAML IDPSSODescriptor with two
 * signing certificates (during a rollover) and a logout service.
 */
const entra = `<?xml version="1.0" encoding="utf-8"?>
<EntityDescriptor ID="_5e3b" entityID="https://sts.windows.net/72f988bf-86f1-41af-91ab-2d7cd011db47/" xmlns="urn:oasis:names:tc:SAML:2.0:metadata">
  <Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo/><SignatureValue>AAAA</SignatureValue>
    <KeyInfo><X509Data><X509Certificate>${other}</X509Certificate></X509Data></KeyInfo></Signature>
  <RoleDescriptor xsi:type="fed:SecurityTokenServiceType" protocolSupportEnumeration="http://docs.oasis-open.org/wsfed/federation/200706" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:fed="http://docs.oasis-open.org/wsfed/federation/200706">
    <KeyDescriptor use="signing"><KeyInfo xmlns="http://www.w3.org/2000/09/xmldsig#"><X509Data><X509Certificate>${other}</X509Certificate></X509Data></KeyInfo></KeyDescriptor>
  </RoleDescriptor>
  <IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <KeyDescriptor use="signing"><KeyInfo xmlns="http://www.w3.org/2000/09/xmldsig#"><X509Data><X509Certificate>${certificate}</X509Certificate></X509Data></KeyInfo></KeyDescriptor>
    <KeyDescriptor use="signing"><KeyInfo xmlns="http://www.w3.org/2000/09/xmldsig#"><X509Data><X509Certificate>${other}</X509Certificate></X509Data></KeyInfo></KeyDescriptor>
    <SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/saml2"/>
    <SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/saml2"/>
    <SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/saml2"/>
  </IDPSSODescriptor>
</EntityDescriptor>`;

describe('parseIdpMetadata', () => {
  it("reads Okta's application metadata: entity ID, HTTP-Redirect sign-in, the signing certificate", () => {
    expect(parseIdpMetadata(okta)).toEqual({
      entityId: 'http://www.okta.com/exk1fcia6d6EMsf331d8',
      ssoUrl: 'https://clinic.okta.com/app/clinic_cairn_1/exk1fcia6d6EMsf331d8/sso/saml',
      logoutUrl: undefined,
      certificates: [certificate],
    });
  });

  it("reads Entra ID's federation metadata: only the SAML descriptor's certificates, both during a rollover", () => {
    const metadata = parseIdpMetadata(entra);
    expect(metadata.entityId).toBe('https://sts.windows.net/72f988bf-86f1-41af-91ab-2d7cd011db47/');
    expect(metadata.certificates).toEqual([certificate, other]);
    expect(metadata.logoutUrl).toBe('https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/saml2');
  });

  it('takes an EntitiesDescriptor holding one IdP, and refuses one holding several', () => {
    const wrapped = (...entities: string[]) =>
      `<EntitiesDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata">${entities.join('')}</EntitiesDescriptor>`;
    const entity = okta.replace(/<\?xml[^>]*>/, '');
    expect(parseIdpMetadata(wrapped(entity)).entityId).toBe('http://www.okta.com/exk1fcia6d6EMsf331d8');
    expect(() => parseIdpMetadata(wrapped(entity, entity.replace('exk1fcia', 'exk2abcd')))).toThrow(/several/);
  });

  it('says in words what makes metadata unusable', () => {
    expect(() => parseIdpMetadata('not xml <')).toThrow(/not well-formed|no SAML 2.0/);
    expect(() => parseIdpMetadata(okta.replace(/<md:KeyDescriptor[\s\S]*<\/md:KeyDescriptor>/, ''))).toThrow(
      /no signing certificate/,
    );
    expect(() =>
      parseIdpMetadata(okta.replace(/<md:SingleSignOnService Binding="[^"]*HTTP-Redirect"[^>]*>/, '')),
    ).toThrow(/HTTP-Redirect/);
    expect(() => parseIdpMetadata(okta.replace(certificate.slice(0, 64), 'AAAA'))).toThrow(/not a valid X.509/);
    expect(() =>
      parseIdpMetadata(okta.replace('urn:oasis:names:tc:SAML:2.0:protocol', 'urn:oasis:names:tc:SAML:1.1:protocol')),
    ).toThrow(/no SAML 2.0 identity provider/);
    expect(() => parseIdpMetadata(okta.replace(/entityID="[^"]*"/, ''))).toThrow(/no entityID/);
  });

  it("ignores encryption-only keys, and reads a key without 'use' as a signing key", () => {
    const encryptionOnly = okta.replace('use="signing"', 'use="encryption"');
    expect(() => parseIdpMetadata(encryptionOnly)).toThrow(/no signing certificate/);
    expect(parseIdpMetadata(okta.replace(' use="signing"', '')).certificates).toEqual([certificate]);
  });
});

describe('describeCertificate', () => {
  it('gives the subject, the SHA-256 fingerprint as IdP consoles show it, and the expiry', () => {
    const described = describeCertificate(certificate);
    expect(described.subject).toContain('CN=Cairn test SAML IdP (idp)');
    expect(described.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(Date.parse(described.notAfter)).toBeGreaterThan(Date.now());
  });
});
