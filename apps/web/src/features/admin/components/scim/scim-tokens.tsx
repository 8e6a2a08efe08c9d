import { PlusOutlined } from '@ant-design/icons';
import type { ScimTokenSummary } from '@cairn/contracts';
import { Alert, App, Button, Flex, Form, Input, Modal, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../../components/empty-state';
import { ErrorState } from '../../../../components/error-state';
import { isApiError } from '../../../../lib/api-error';
import { formatDate } from '../../../../lib/dates';
import { useCreateScimToken } from '../../api/create-scim-token';
import { useScimTokens } from '../../api/list-scim-tokens';
import { useRevokeScimToken } from '../../api/revoke-scim-token';

const when = (value: string | null): string =>
  value ? `${formatDate(value, 'date')} ${formatDate(value, 'time')}` : 'Never';

/** The organisation's SCIM tokens: created (shown once), listed with their last use, revoked. */
export function ScimTokens() {
  const tokens = useScimTokens();
  const revoke = useRevokeScimToken();
  const { message, modal } = App.useApp();
  const [isCreating, setIsCreating] = useState(false);

  const confirmRevoke = (token: ScimTokenSummary) =>
    void modal.confirm({
      title: `Revoke the token "${token.label}"?`,
      content: 'The identity provider using it is refused from its next request. This cannot be undone.',
      okText: 'Revoke',
      okButtonProps: { danger: true },
      onOk: () =>
        revoke.mutateAsync(token.id).then(
          () => void message.success(`The token "${token.label}" is revoked.`),
          () => void message.error('The token could not be revoked.'),
        ),
    });

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} id="scim-tokens-title" style={{ margin: 0 }}>
          Tokens
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setIsCreating(true)}>
          New token
        </Button>
      </Flex>
      {tokens.isError ? (
        <ErrorState title="The SCIM tokens could not be loaded." onRetry={() => void tokens.refetch()} />
      ) : (
        <Table<ScimTokenSummary>
          aria-label="SCIM tokens"
          rowKey="id"
          size="middle"
          loading={tokens.isPending}
          dataSource={tokens.data}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: <EmptyState description="No SCIM token yet" compact /> }}
          columns={[
            { title: 'Label', dataIndex: 'label' },
            { title: 'Created', render: (_value, token) => when(token.createdAt) },
            { title: 'Last used', render: (_value, token) => when(token.lastUsedAt) },
            {
              title: 'Status',
              render: (_value, token) =>
                token.revokedAt ? <Tag>Revoked {when(token.revokedAt)}</Tag> : <Tag color="success">Active</Tag>,
            },
            {
              title: 'Actions',
              render: (_value, token) =>
                token.revokedAt ? null : (
                  <Button size="small" danger onClick={() => confirmRevoke(token)} aria-label={`Revoke ${token.label}`}>
                    Revoke
                  </Button>
                ),
            },
          ]}
        />
      )}
      {isCreating && <NewTokenModal onClose={() => setIsCreating(false)} />}
    </Flex>
  );
}

/** Asks for a label, then shows the new token once, with a copy button: it is never shown again. */
function NewTokenModal({ onClose }: { onClose: () => void }) {
  const create = useCreateScimToken();
  const [form] = Form.useForm<{ label: string }>();
  const secret = create.data?.secret;
  const failure = create.isError
    ? isApiError(create.error)
      ? (create.error.serverMessage ?? create.error.message)
      : 'The token could not be created.'
    : undefined;

  if (secret) {
    return (
      <Modal open title="Your new SCIM token" onCancel={onClose} footer={<Button onClick={onClose}>Done</Button>}>
        <Flex vertical gap={12}>
          <Alert
            type="warning"
            showIcon
            title="Copy it now: Cairn keeps only a hash and will never show this token again."
          />
          <Typography.Paragraph code copyable={{ text: secret, tooltips: ['Copy token', 'Copied'] }}>
            <span aria-label="New SCIM token">{secret}</span>
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            Paste it as the bearer token (Okta: API Token; Entra ID: Secret Token) of the Cairn app.
          </Typography.Text>
        </Flex>
      </Modal>
    );
  }
  return (
    <Modal
      open
      title="New SCIM token"
      okText="Create token"
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" onFinish={({ label }) => create.mutate(label.trim())}>
        <Form.Item
          name="label"
          label="Label"
          extra="What the token is for, such as Okta production."
          rules={[{ required: true, whitespace: true, message: 'Give the token a label' }, { max: 100 }]}
        >
          <Input />
        </Form.Item>
        {failure && <Alert type="error" showIcon title={failure} />}
      </Form>
    </Modal>
  );
}
