import { PERMISSIONS, VIEWS, type Permission, type ScimGroupSummary, type View } from '@cairn/contracts';
import { Alert, App, Button, Checkbox, Form, Modal, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../../components/empty-state';
import { ErrorState } from '../../../../components/error-state';
import { isApiError } from '../../../../lib/api-error';
import { useScimGroups } from '../../api/list-scim-groups';
import { useSetScimGroupMapping } from '../../api/set-scim-group-mapping';
import { PERMISSION_LABELS } from '../users/user-labels';

/** The groups the identity provider pushed, each with the view and permissions it gives its members. */
export function ScimGroups() {
  const groups = useScimGroups();
  const [editing, setEditing] = useState<ScimGroupSummary>();

  return (
    <section aria-labelledby="scim-groups-title">
      <Typography.Title level={3} id="scim-groups-title">
        Groups
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        A member gets the permissions of all their groups on top of their own, and the view of their groups (Provider
        first, then Coder, then Classic). Losing a permission ends the member&apos;s sessions.
      </Typography.Paragraph>
      {groups.isError ? (
        <ErrorState title="The SCIM groups could not be loaded." onRetry={() => void groups.refetch()} />
      ) : (
        <Table<ScimGroupSummary>
          aria-label="SCIM groups"
          rowKey="id"
          size="middle"
          loading={groups.isPending}
          dataSource={groups.data}
          pagination={{ pageSize: 25, hideOnSinglePage: true }}
          locale={{ emptyText: <EmptyState description="No group provisioned yet" compact /> }}
          columns={[
            {
              title: 'Group',
              render: (_value, group) => (
                <>
                  {group.displayName}{' '}
                  {group.source === 'sso' && <Tag title="Named by a single sign-on's groups claim">From sign-in</Tag>}
                </>
              ),
            },
            { title: 'Members', dataIndex: 'memberCount' },
            { title: 'View', render: (_value, group) => group.view ?? 'Their own' },
            {
              title: 'Permissions',
              render: (_value, group) =>
                group.permissions.length === 0
                  ? 'None'
                  : group.permissions.map((permission) => <Tag key={permission}>{PERMISSION_LABELS[permission]}</Tag>),
            },
            {
              title: 'Actions',
              render: (_value, group) => (
                <Button size="small" onClick={() => setEditing(group)} aria-label={`Map ${group.displayName}`}>
                  Map
                </Button>
              ),
            },
          ]}
        />
      )}
      {editing && <GroupMappingModal key={editing.id} group={editing} onClose={() => setEditing(undefined)} />}
    </section>
  );
}

interface MappingValues {
  view?: View;
  permissions: Permission[];
}

function GroupMappingModal({ group, onClose }: { group: ScimGroupSummary; onClose: () => void }) {
  const save = useSetScimGroupMapping();
  const { message } = App.useApp();
  const [form] = Form.useForm<MappingValues>();
  const failure = save.isError && isApiError(save.error) ? (save.error.serverMessage ?? save.error.message) : undefined;

  const submit = ({ view, permissions }: MappingValues) =>
    save.mutate(
      { groupId: group.id, view: view ?? null, permissions },
      {
        onSuccess: () => {
          void message.success(`${group.displayName}: its members have the new view and permissions.`);
          onClose();
        },
      },
    );

  return (
    <Modal
      open
      title={`Map ${group.displayName}`}
      okText="Save"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<MappingValues>
        form={form}
        layout="vertical"
        initialValues={{ view: group.view ?? undefined, permissions: group.permissions }}
        onFinish={submit}
      >
        <Form.Item name="view" label="View" extra="None: each member keeps their own view.">
          <Select<View> allowClear placeholder="None" options={VIEWS.map((view) => ({ value: view, label: view }))} />
        </Form.Item>
        <Form.Item name="permissions" label="Permissions">
          <Checkbox.Group
            options={PERMISSIONS.map((permission) => ({ value: permission, label: PERMISSION_LABELS[permission] }))}
          />
        </Form.Item>
        {save.isError && <Alert type="error" showIcon title={failure ?? 'The mapping could not be saved.'} />}
      </Form>
    </Modal>
  );
}
