import { PlusOutlined } from '@ant-design/icons';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Input, Modal, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { EmptyState } from '../../../../components/empty-state';
import { ErrorState } from '../../../../components/error-state';
import { isApiError } from '../../../../lib/api-error';
import { formatDate } from '../../../../lib/dates';

/** A token as the admin tool lists it: never the secret, which is shown once at creation. */
export interface BearerTokenRow {
  id: string;
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface BearerTokensProps<T extends BearerTokenRow> {
  /** What the tokens are, as the screen names them: `SCIM`, `API client`. */
  kind: string;
  /** The heading's id, for the section that labels itself by it. */
  titleId: string;
  tokens: UseQueryResult<T[]>;
  create: UseMutationResult<{ secret: string }, Error, string>;
  revoke: UseMutationResult<unknown, Error, string>;
  /** What a label says, such as "Okta production". */
  labelExample: string;
  /** Who is refused once a token is revoked. */
  holder: string;
  /** Where the new token goes, said under it. */
  usage: ReactNode;
  /** Columns shown after the label (the scopes of an API client token). */
  extraColumns?: ColumnsType<T>;
}

const when = (value: string | null): string =>
  value ? `${formatDate(value, 'date')} ${formatDate(value, 'time')}` : 'Never';

/**
 * The bearer tokens other systems hold for the organisation (SCIM's, API clients'): created (shown once),
 * listed with their last use, revoked.
 */
export function BearerTokens<T extends BearerTokenRow>(props: BearerTokensProps<T>) {
  const { kind, tokens, revoke } = props;
  const { message, modal } = App.useApp();
  const [isCreating, setIsCreating] = useState(false);

  const confirmRevoke = (token: T) =>
    void modal.confirm({
      title: `Revoke the token "${token.label}"?`,
      content: `${props.holder} using it is refused from its next request. This cannot be undone.`,
      okText: 'Revoke',
      okButtonProps: { danger: true },
      onOk: () =>
        revoke.mutateAsync(token.id).then(
          () => void message.success(`The token "${token.label}" is revoked.`),
          () => void message.error('The token could not be revoked.'),
        ),
    });

  const closeCreating = () => {
    props.create.reset();
    setIsCreating(false);
  };

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} id={props.titleId} style={{ margin: 0 }}>
          Tokens
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setIsCreating(true)}>
          New token
        </Button>
      </Flex>
      {tokens.isError ? (
        <ErrorState title={`The ${kind} tokens could not be loaded.`} onRetry={() => void tokens.refetch()} />
      ) : (
        <Table<T>
          aria-label={`${kind} tokens`}
          rowKey="id"
          size="middle"
          loading={tokens.isPending}
          dataSource={tokens.data}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: <EmptyState description={`No ${kind} token yet`} compact /> }}
          columns={[
            { title: 'Label', dataIndex: 'label' },
            ...(props.extraColumns ?? []),
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
      {isCreating && <NewTokenModal {...props} onClose={closeCreating} />}
    </Flex>
  );
}

/** Asks for a label, then shows the new token once, with a copy button: it is never shown again. */
function NewTokenModal<T extends BearerTokenRow>({
  kind,
  create,
  labelExample,
  usage,
  onClose,
}: BearerTokensProps<T> & { onClose: () => void }) {
  const [form] = Form.useForm<{ label: string }>();
  const secret = create.data?.secret;
  const failure = create.isError
    ? isApiError(create.error)
      ? (create.error.serverMessage ?? create.error.message)
      : 'The token could not be created.'
    : undefined;

  if (secret) {
    return (
      <Modal open title={`Your new ${kind} token`} onCancel={onClose} footer={<Button onClick={onClose}>Done</Button>}>
        <Flex vertical gap={12}>
          <Alert
            type="warning"
            showIcon
            title="Copy it now: Cairn keeps only a hash and will never show this token again."
          />
          <Typography.Paragraph code copyable={{ text: secret, tooltips: ['Copy token', 'Copied'] }}>
            <span aria-label={`New ${kind} token`}>{secret}</span>
          </Typography.Paragraph>
          <Typography.Text type="secondary">{usage}</Typography.Text>
        </Flex>
      </Modal>
    );
  }
  return (
    <Modal
      open
      title={`New ${kind} token`}
      okText="Create token"
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" onFinish={({ label }) => create.mutate(label.trim())}>
        <Form.Item
          name="label"
          label="Label"
          extra={`What the token is for, such as ${labelExample}.`}
          rules={[{ required: true, whitespace: true, message: 'Give the token a label' }, { max: 100 }]}
        >
          <Input />
        </Form.Item>
        {failure && <Alert type="error" showIcon title={failure} />}
      </Form>
    </Modal>
  );
}
