import { VIEWS, type IdentityProvider, type SsoProtocol } from '@cairn/contracts';
import { Alert, Button, Flex, Form, Input, Radio, Select, Switch } from 'antd';
import { useState, type ReactNode } from 'react';
import { isApiError } from '../../../../lib/api-error';
import type { IdentityProviderInput } from '../../api/save-identity-provider';
import {
  formFieldOf,
  initialFields,
  isFieldShown,
  toInput,
  type ProviderFormFields,
} from '../../utils/identity-provider-input';
import { serverFieldErrors } from '../../utils/server-field-errors';
import { ClaimMappingFields } from './claim-mapping-fields';
import { OidcFields, SamlMetadataFields } from './protocol-fields';

const PROTOCOLS: { value: SsoProtocol; label: string }[] = [
  { value: 'oidc', label: 'OpenID Connect' },
  { value: 'saml', label: 'SAML 2.0' },
];

export interface IdentityProviderFormProps {
  /** The provider to change; none: a new one. */
  provider: IdentityProvider | null;
  /** Saves the settings (and whether the provider is enabled); a refusal is shown at its field. */
  onSubmit: (settings: IdentityProviderInput, isEnabled: boolean) => Promise<unknown>;
  isSaving: boolean;
  /** What the IdP registers for Cairn with the chosen protocol, shown under it (a new provider's). */
  registration?: (protocol: SsoProtocol) => ReactNode;
}

/**
 * An identity provider's settings: its protocol, then OpenID Connect's issuer and Cairn's client or
 * SAML's metadata, the name the login card shows, which claims or attributes carry what, who may sign
 * in, and whether it is enabled.
 */
export function IdentityProviderForm({ provider, onSubmit, isSaving, registration }: IdentityProviderFormProps) {
  const [form] = Form.useForm<ProviderFormFields>();
  // Undefined until the form has mounted its fields.
  const protocol = Form.useWatch<SsoProtocol | undefined>('protocol', form) ?? provider?.protocol ?? 'oidc';
  const [failure, setFailure] = useState<string>();

  async function submit() {
    // Every field, including those of the protocol or source not shown (onFinish gives the shown ones only).
    const fields = form.getFieldsValue(true) as ProviderFormFields;
    setFailure(undefined);
    try {
      await onSubmit(toInput(fields, provider), fields.isEnabled);
      form.setFieldsValue({ clientSecret: '', metadataXml: '' });
    } catch (error) {
      const fieldErrors = serverFieldErrors(error, formFieldOf);
      const isShown = (name: string | string[]) => isFieldShown(fields, Array.isArray(name) ? 'claimMapping' : name);
      // The names are the form's own (a claim mapping field is a path), as the server names them.
      form.setFields(fieldErrors.filter((field) => isShown(field.name)) as Parameters<typeof form.setFields>[0]);
      // A refusal that names no field the form shows is said above the form, so that it is never lost.
      const unshown = fieldErrors.filter((field) => !isShown(field.name)).flatMap((field) => field.errors);
      if (fieldErrors.length === 0) {
        setFailure(isApiError(error) ? (error.serverMessage ?? error.message) : 'The provider could not be saved.');
      } else if (unshown.length > 0) {
        setFailure(unshown.join(' '));
      }
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialFields(provider)}
      onFinish={() => void submit()}
      requiredMark="optional"
      style={{ maxWidth: 720 }}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form.Item name="protocol" label="Protocol">
        <Radio.Group aria-label="Protocol" options={PROTOCOLS} />
      </Form.Item>
      {registration?.(protocol)}
      <Form.Item name="displayName" label="Display name" extra="The login page offers “Sign in with {name}”.">
        <Input
          placeholder={protocol === 'saml' ? "By default, the entity ID's host" : "By default, the issuer's host"}
          maxLength={100}
        />
      </Form.Item>
      {protocol === 'saml' ? <SamlMetadataFields provider={provider} /> : <OidcFields provider={provider} />}
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
      <ClaimMappingFields protocol={protocol} />
      <Form.Item
        name="isEnabled"
        label="Enabled"
        valuePropName="checked"
        extra="A disabled provider is not offered on the login page and signs no one in; Test sign-in still works."
      >
        <Switch />
      </Form.Item>
      <Flex justify="flex-end">
        <Button type="primary" htmlType="submit" loading={isSaving}>
          {provider ? 'Save' : 'Add identity provider'}
        </Button>
      </Flex>
    </Form>
  );
}
