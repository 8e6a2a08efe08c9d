import { PERMISSIONS, VIEWS, type AdminUser, type Permission, type View } from '@cairn/contracts';
import { Alert, Button, Checkbox, Drawer, Flex, Form, Input, Radio, Select } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../../lib/api-error';
import { useUserLinkOptions } from '../../api/list-user-link-options';
import { useCreateUser, useUpdateUser } from '../../api/save-user';
import { PERMISSION_LABELS } from './user-labels';
import { serverFieldErrors } from '../../utils/server-field-errors';

interface UserFormFields {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  view: View;
  permissions: Permission[];
  isAdmin: boolean;
  isMultipleProviders: boolean;
  emrUsername: string;
  providerIds: string[];
  clinicIds: string[];
  invite: boolean;
}

export interface UserFormDrawerProps {
  /** The account to edit; none to create one. */
  user: AdminUser | undefined;
  isOpen: boolean;
  /** Whether the person editing is an admin: only an admin gives or takes admin rights. */
  canGrantAdmin: boolean;
  onClose: () => void;
  onSaved: (message: string) => void;
}

function initialFields(user: AdminUser | undefined): UserFormFields {
  return {
    username: user?.username ?? '',
    email: user?.email ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    view: user?.view ?? 'Provider',
    permissions: user?.permissions ?? [],
    isAdmin: user?.isAdmin ?? false,
    isMultipleProviders: user?.isMultipleProviders ?? false,
    emrUsername: user?.emrUsername ?? '',
    providerIds: user?.providerIds ?? [],
    clinicIds: user?.clinicIds ?? [],
    invite: true,
  };
}

/** Creates an account (invited by email by default) or edits one: identity, view, permissions and links. */
export function UserFormDrawer({ user, isOpen, canGrantAdmin, onClose, onSaved }: UserFormDrawerProps) {
  const [form] = Form.useForm<UserFormFields>();
  const create = useCreateUser();
  const update = useUpdateUser();
  const links = useUserLinkOptions();
  const [failure, setFailure] = useState<string>();
  const isNew = user === undefined;

  async function save(fields: UserFormFields) {
    setFailure(undefined);
    const { username, invite, emrUsername, ...rest } = fields;
    const common = { ...rest, emrUsername: emrUsername.trim() === '' ? null : emrUsername.trim() };
    try {
      if (isNew) {
        const { isInvitationSent } = await create.mutateAsync({ ...common, username, invite });
        onSaved(
          invite && !isInvitationSent
            ? `${username} was created, but the invitation mail could not be sent: send it again from the list.`
            : `${username} was created${invite ? ' and invited by email' : ''}.`,
        );
      } else {
        await update.mutateAsync({ ...common, userId: user.id });
        onSaved(`${user.username} was saved.`);
      }
    } catch (error) {
      const fieldErrors = serverFieldErrors<keyof UserFormFields>(error);
      form.setFields(fieldErrors);
      const message = isApiError(error) ? (error.serverMessage ?? error.message) : 'The user could not be saved.';
      setFailure(fieldErrors.length > 0 ? undefined : message);
    }
  }

  const providerOptions = (links.data?.providers ?? []).map((provider) => ({
    value: provider.id,
    label: provider.npi ? `${provider.name} (NPI ${provider.npi})` : provider.name,
  }));
  const clinicOptions = (links.data?.clinics ?? []).map((clinic) => ({ value: clinic.id, label: clinic.name }));
  const isSaving = create.isPending || update.isPending;
  return (
    <Drawer
      open={isOpen}
      onClose={onClose}
      title={isNew ? 'New user' : `Edit ${user.username}`}
      size={520}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={isSaving} onClick={() => form.submit()}>
            {isNew ? 'Create user' : 'Save'}
          </Button>
        </Flex>
      }
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        initialValues={initialFields(user)}
        onFinish={(fields) => void save(fields)}
        requiredMark="optional"
      >
        <Form.Item
          name="username"
          label="Username"
          rules={[
            { required: true, message: 'Enter a username' },
            { pattern: /^[A-Za-z0-9._@-]{3,100}$/, message: 'At least 3 letters, digits or . _ - @' },
          ]}
        >
          <Input autoComplete="off" disabled={!isNew} />
        </Form.Item>
        <Form.Item
          name="email"
          label="Email"
          rules={[{ required: true, type: 'email', message: 'Enter an email address' }]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Flex gap={12}>
          <Form.Item
            name="firstName"
            label="First name"
            rules={[{ required: isNew, message: 'Enter the first name' }]}
            style={{ flex: 1 }}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="lastName"
            label="Last name"
            rules={[{ required: isNew, message: 'Enter the last name' }]}
            style={{ flex: 1 }}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Flex>
        <Form.Item name="view" label="View">
          <Radio.Group options={VIEWS.map((view) => ({ value: view, label: view }))} />
        </Form.Item>
        <Form.Item name="permissions" label="Permissions">
          <Checkbox.Group
            options={PERMISSIONS.map((permission) => ({ value: permission, label: PERMISSION_LABELS[permission] }))}
          />
        </Form.Item>
        <Form.Item
          name="isAdmin"
          valuePropName="checked"
          extra={canGrantAdmin ? 'An admin holds every permission.' : 'Only an admin gives admin rights.'}
        >
          <Checkbox disabled={!canGrantAdmin}>Admin</Checkbox>
        </Form.Item>
        <Form.Item
          name="isMultipleProviders"
          valuePropName="checked"
          extra="Sees the patients of every provider, not only their own."
        >
          <Checkbox>Multiple providers</Checkbox>
        </Form.Item>
        <Form.Item
          name="providerIds"
          label="Linked EHR providers"
          extra="The providers this user works as or for: a provider sees their patients."
        >
          <Select
            mode="multiple"
            options={providerOptions}
            showSearch={{ optionFilterProp: 'label' }}
            loading={links.isPending}
            allowClear
          />
        </Form.Item>
        <Form.Item name="clinicIds" label="Clinics">
          <Select
            mode="multiple"
            options={clinicOptions}
            showSearch={{ optionFilterProp: 'label' }}
            loading={links.isPending}
            allowClear
          />
        </Form.Item>
        <Form.Item
          name="emrUsername"
          label="EHR user"
          extra="The EHR's user for a SMART launch, such as Practitioner/123."
        >
          <Input autoComplete="off" />
        </Form.Item>
        {isNew && (
          <Form.Item name="invite" valuePropName="checked">
            <Checkbox>Email an invitation to choose a password (valid 72 hours)</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}
