import { DEFAULT_SSO_CLAIMS, VIEWS, type IdentityProvider, type SsoClaimMapping } from '@cairn/contracts';
import { Alert, Button, Col, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../../lib/api-error';
import { useSaveIdentityProvider, type IdentityProviderInput } from '../../api/save-identity-provider';
import { serverFieldErrors } from '../../utils/server-field-errors';

interface ProviderFormFields {
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  defaultView: IdentityProvider['defaultView'];
  allowedEmailDomains: string[];
  claimMapping: Record<keyof SsoClaimMapping, string>;
}

const CLAIM_FIELDS: { name: keyof SsoClaimMapping; label: string }[] = [
  { name: 'username', label: 'Username' },
  { name: 'email', label: 'Email' },
  { name: 'firstName', label: 'First name' },
  { name: 'lastName', label: 'Last name' },
  { name: 'groups', label: 'Groups' },
];

function initialFields(provider: IdentityProvider | null): ProviderFormFields {
  return {
    displayName: provider?.displayName ?? '',
    issuer: provider?.issuer ?? '',
    clientId: provider?.clientId ?? '',
    clientSecret: '',
    scopes: provider?.scopes ?? 'openid email profile',
    defaultView: provider?.defaultView ?? 'Provider',
    allowedEmailDomains: provider?.allowedEmailDomains ?? [],
    claimMapping: {
      username: provider?.claimMapping.username ?? '',
      email: provider?.claimMapping.email ?? '',
      firstName: provider?.claimMapping.firstName ?? '',
      lastName: provider?.claimMapping.lastName ?? '',
      groups: provider?.claimMapping.groups ?? '',
    },
  };
}

/** The form's fields as the server takes them: empty mapping fields read the standard claim. */
function toInput(fields: ProviderFormFields, provider: IdentityProvider | null): IdentityProviderInput {
  const claimMapping = Object.fromEntries(
    Object.entries(fields.claimMapping).filter(([, claim]) => claim.trim() !== ''),
  ) as SsoClaimMapping;
  return {
    displayName: fields.displayName,
    issuer: fields.issuer.trim(),
    clientId: fields.clientId,
    ...(fields.clientSecret !== '' ? { clientSecret: fields.clientSecret } : {}),
    scopes: fields.scopes,
    defaultView: fields.defaultView,
    allowedEmailDomains: fields.allowedEmailDomains,
    claimMapping,
    ...(provider?.emailDomain ? { emailDomain: provider.emailDomain } : {}),
  };
}

/** The form field of a path the server named: a claim mapping's field is nested (`claimMapping.email`). */
function formFieldOf(field: string): string | string[] {
  const [first, second] = field.split('.');
  return first === 'claimMapping' && second ? ['claimMapping', second] : (first ?? '');
}

/**
 * The OpenID provider's settings: the name the login card shows, the issuer and Cairn's client there
 * (the secret is write-only: never shown, kept when left empty), which claims carry what, who may sign in.
 */
export function IdentityProviderForm({
  provider,
  onSaved,
}: {
  provider: IdentityProvider | null;
  onSaved: (provider: IdentityProvider) => void;
}) {
  const [form] = Form.useForm<ProviderFormFields>();
  const save = useSaveIdentityProvider();
  const [failure, setFailure] = useState<string>();

  async function submit(fields: ProviderFormFields) {
    setFailure(undefined);
    try {
      onSaved(await save.mutateAsync(toInput(fields, provider)));
      form.setFieldValue('clientSecret', '');
    } catch (error) {
      const fieldErrors = serverFieldErrors(error, formFieldOf);
      // The names are the form's own (a claim mapping field is a path), as the server names them.
      form.setFields(fieldErrors as Parameters<typeof form.setFields>[0]);
      if (fieldErrors.length === 0) {
        setFailure(isApiError(error) ? (error.serverMessage ?? error.message) : 'The provider could not be saved.');
      }
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialFields(provider)}
      onFinish={(fields) => void submit(fields)}
      requiredMark="optional"
      style={{ maxWidth: 720 }}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form.Item label="Protocol" extra="SAML 2.0 identity providers are not supported yet.">
        <Typography.Text>OpenID Connect</Typography.Text>
      </Form.Item>
      <Form.Item name="displayName" label="Display name" extra="The login page offers “Sign in with {name}”.">
        <Input placeholder="By default, the issuer's host" maxLength={100} />
      </Form.Item>
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
        rules={provider?.hasClientSecret ? [] : [{ required: true, message: 'Enter the client secret' }]}
        extra={provider?.hasClientSecret ? 'A secret is stored, sealed. Leave empty to keep it.' : undefined}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="scopes" label="Scopes" rules={[{ required: true, message: 'Enter the scopes' }]}>
        <Input />
      </Form.Item>
      <Form.Item name="defaultView" label="View of a user signing in for the first time">
        <Select options={VIEWS.map((view) => ({ value: view, label: view }))} />
      </Form.Item>
      <Form.Item
        name="allowedEmailDomains"
        label="Allowed email domains"
        extra="Only users with an email in one of these domains may sign in; none listed: anyone the provider signs in."
      >
        <Select mode="tags" tokenSeparators={[',', ' ']} open={false} placeholder="clinic.example" />
      </Form.Item>
      <Typography.Title level={4}>Claim mapping</Typography.Title>
      <Typography.Paragraph type="secondary">
        Which claim of the provider carries each field; empty reads the standard claim shown.
      </Typography.Paragraph>
      <Row gutter={16}>
        {CLAIM_FIELDS.map((field) => (
          <Col span={12} key={field.name}>
            <Form.Item name={['claimMapping', field.name]} label={`${field.label} claim`}>
              <Input placeholder={DEFAULT_SSO_CLAIMS[field.name]} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Flex justify="flex-end">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {provider ? 'Save' : 'Set up single sign-on'}
        </Button>
      </Flex>
    </Form>
  );
}
