import { DEFAULT_EHR_SCOPES, EHR_CONNECTION_NAMES, type EhrClientAuthKind, type EhrConnection } from '@cairn/contracts';
import { Alert, AutoComplete, Button, Drawer, Flex, Form, Input, Radio, Select, Switch } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../../lib/api-error';
import { useSaveEhrConnection } from '../../api/save-ehr-connection';
import { serverFieldErrors } from '../../utils/server-field-errors';

interface ConnectionFormFields {
  name: string;
  fhirBaseUrl: string;
  issuerAliases: string[];
  clientId: string;
  clientAuth: EhrClientAuthKind;
  clientSecret: string;
  scopes: string;
  isEnabled: boolean;
}

export const CLIENT_AUTH_LABELS: Record<EhrClientAuthKind, string> = {
  public: 'Public client (PKCE)',
  client_secret: 'Confidential, client secret',
  private_key_jwt: 'Confidential, key pair (private_key_jwt)',
};

export interface EhrConnectionDrawerProps {
  connection: EhrConnection | undefined;
  isOpen: boolean;
  onClose: () => void;
  onSaved: (connection: EhrConnection, isNew: boolean) => void;
}

function initialFields(connection: EhrConnection | undefined): ConnectionFormFields {
  return {
    name: connection?.name ?? '',
    fhirBaseUrl: connection?.fhirBaseUrl ?? '',
    issuerAliases: connection?.issuerAliases ?? [],
    clientId: connection?.clientId ?? '',
    clientAuth: connection?.clientAuth ?? 'public',
    clientSecret: '',
    scopes: connection?.scopes ?? DEFAULT_EHR_SCOPES,
    isEnabled: connection?.isEnabled ?? true,
  };
}

/**
 * Registers an EHR or edits its connection: what Cairn calls it, where its FHIR server is (and the other
 * addresses it launches with), the client Cairn is there and how it proves it, the scopes it asks for.
 */
export function EhrConnectionDrawer({ connection, isOpen, onClose, onSaved }: EhrConnectionDrawerProps) {
  const [form] = Form.useForm<ConnectionFormFields>();
  const clientAuth = Form.useWatch('clientAuth', form);
  const save = useSaveEhrConnection();
  const [failure, setFailure] = useState<string>();
  const isNew = connection === undefined;

  async function submit(fields: ConnectionFormFields) {
    setFailure(undefined);
    const { clientSecret, isEnabled, ...rest } = fields;
    const secret = fields.clientAuth === 'client_secret' && clientSecret !== '' ? { clientSecret } : {};
    try {
      const saved = await save.mutateAsync(
        isNew ? { ...rest, ...secret } : { ...rest, ...secret, isEnabled, connectionId: connection.id },
      );
      onSaved(saved, isNew);
    } catch (error) {
      const fieldErrors = serverFieldErrors<keyof ConnectionFormFields>(error);
      form.setFields(fieldErrors);
      if (fieldErrors.length === 0) {
        setFailure(isApiError(error) ? (error.serverMessage ?? error.message) : 'The connection could not be saved.');
      }
    }
  }

  return (
    <Drawer
      open={isOpen}
      onClose={onClose}
      title={isNew ? 'New EHR connection' : `Edit ${connection.name}`}
      size={560}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {isNew ? 'Register' : 'Save'}
          </Button>
        </Flex>
      }
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        initialValues={initialFields(connection)}
        onFinish={(fields) => void submit(fields)}
        requiredMark="optional"
      >
        <Form.Item
          name="name"
          label="Name"
          rules={[{ required: true, message: 'Name the connection' }]}
          extra="Any name; nems, nems-staging, noms-staging and cairn-fhir-connection keep the meaning they have at Epic."
        >
          <AutoComplete options={EHR_CONNECTION_NAMES.map((name) => ({ value: name }))} />
        </Form.Item>
        <Form.Item
          name="fhirBaseUrl"
          label="FHIR base URL"
          rules={[{ required: true, type: 'url', message: 'The FHIR server address, https://...' }]}
          extra="The address the EHR launches Cairn with (its iss)."
        >
          <Input autoComplete="off" placeholder="https://ehr.example.org/fhir/r4" />
        </Form.Item>
        <Form.Item
          name="issuerAliases"
          label="Other addresses of the same server"
          extra="Type each and press Enter: localhost and 127.0.0.1, a trailing path the EHR adds."
        >
          <Select mode="tags" open={false} suffix={null} tokenSeparators={[' ', ',']} aria-label="Other addresses" />
        </Form.Item>
        <Form.Item
          name="clientId"
          label="Client id"
          rules={[{ required: true, message: 'The client id the EHR gave Cairn' }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="clientAuth" label="Client authentication">
          <Radio.Group
            orientation="vertical"
            options={Object.entries(CLIENT_AUTH_LABELS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        {clientAuth === 'client_secret' && (
          <Form.Item
            name="clientSecret"
            label="Client secret"
            rules={[{ required: isNew || !connection.hasClientSecret, message: 'The secret the EHR gave Cairn' }]}
            extra={
              !isNew && connection.hasClientSecret
                ? 'A secret is stored (sealed, never shown). Leave empty to keep it.'
                : 'Sealed at rest, never shown again.'
            }
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        {clientAuth === 'private_key_jwt' && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="Cairn makes a key pair for this connection and publishes its public key at a JWKS URL, shown once the connection is saved: register that URL at the EHR."
          />
        )}
        <Form.Item
          name="scopes"
          label="Scopes"
          rules={[{ required: true, message: 'The scopes Cairn asks for' }]}
          extra="offline_access lets Cairn renew the EHR session through the day."
        >
          <Input.TextArea autoSize={{ minRows: 2 }} />
        </Form.Item>
        {!isNew && (
          <Form.Item
            name="isEnabled"
            label="Enabled"
            valuePropName="checked"
            extra="A disabled connection launches, reads and writes nothing."
          >
            <Switch />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}
