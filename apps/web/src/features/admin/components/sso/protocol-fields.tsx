import type { IdentityProvider } from '@cairn/contracts';
import { Form, Input, Radio } from 'antd';
import type { MetadataSource, ProviderFormFields } from '../../utils/identity-provider-input';

/** OpenID Connect: the issuer and Cairn's client there (the secret is write-only: kept when left empty). */
export function OidcFields({ provider }: { provider: IdentityProvider | null }) {
  const hasClientSecret = provider?.protocol === 'oidc' && provider.hasClientSecret;
  return (
    <>
      <Form.Item
        name="issuer"
        label="Issuer"
        rules={[{ required: true, message: "Enter the identity provider's issuer URL" }]}
        extra="Its /.well-known/openid-configuration must answer."
      >
        <Input placeholder="https://login.clinic.example" />
      </Form.Item>
      <Form.Item name="clientId" label="Client id" rules={[{ required: true, message: 'Enter the client id' }]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="clientSecret"
        label="Client secret"
        rules={hasClientSecret ? [] : [{ required: true, message: 'Enter the client secret' }]}
        extra={hasClientSecret ? 'A secret is stored, sealed. Leave empty to keep it.' : undefined}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="scopes" label="Scopes" rules={[{ required: true, message: 'Enter the scopes' }]}>
        <Input />
      </Form.Item>
    </>
  );
}

const METADATA_SOURCES: { value: MetadataSource; label: string }[] = [
  { value: 'url', label: 'From a URL' },
  { value: 'xml', label: 'Paste the XML' },
];

/**
 * SAML 2.0: the IdP's metadata, from its URL or pasted; only the chosen one is sent. A provider that
 * has metadata keeps it when both are left empty.
 */
export function SamlMetadataFields({ provider }: { provider: IdentityProvider | null }) {
  const source = Form.useWatch<ProviderFormFields['metadataSource'] | undefined>('metadataSource') ?? 'url';
  const hasMetadata = provider?.saml !== undefined;
  const keepHint = hasMetadata ? ' Leave empty to keep the metadata Cairn has.' : '';
  return (
    <>
      <Form.Item name="metadataSource" label="Identity provider metadata">
        <Radio.Group aria-label="Identity provider metadata" options={METADATA_SOURCES} />
      </Form.Item>
      {source === 'url' ? (
        <Form.Item
          name="metadataUrl"
          label="Metadata URL"
          rules={[
            { required: !hasMetadata, message: "Enter the URL of the identity provider's metadata" },
            { type: 'url', message: 'A URL such as https://idp.clinic.example/metadata' },
          ]}
          extra={`Cairn reads it now, then each day for new signing certificates.${keepHint}`}
        >
          <Input placeholder="https://idp.clinic.example/saml/metadata" />
        </Form.Item>
      ) : (
        <Form.Item
          name="metadataXml"
          label="Metadata XML"
          rules={[{ required: !hasMetadata, message: "Paste the identity provider's metadata XML" }]}
          extra={`The EntityDescriptor the identity provider exports. Paste it again when its certificate changes.${keepHint}`}
        >
          <Input.TextArea rows={6} spellCheck={false} placeholder="<EntityDescriptor …>" />
        </Form.Item>
      )}
    </>
  );
}
