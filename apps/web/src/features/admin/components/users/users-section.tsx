import { DownOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  LAST_SIGN_IN_FILTERS,
  USER_STATUSES,
  VIEWS,
  type AdminUser,
  type LastSignInFilter,
  USER_ROLE_FILTERS,
  type UserAction,
  type UserRoleFilter,
  type UserStatus,
  type View,
} from '@cairn/contracts';
import { App, Button, Dropdown, Flex, Input, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../../components/empty-state';
import { ErrorState } from '../../../../components/error-state';
import { formatDate } from '../../../../lib/dates';
import { isApiError } from '../../../../lib/api-error';
import { useSession } from '../../../../lib/session';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useApplyUserAction } from '../../api/apply-user-action';
import { useUsers } from '../../api/list-users';
import { ImportUsersModal } from './import-users-modal';
import { UserFormDrawer } from './user-form-drawer';
import {
  ACTION_DONE,
  ACTION_LABELS,
  ACTION_NEEDS_CONFIRMATION,
  availableActions,
  displayName,
  LAST_SIGN_IN_LABELS,
  PERMISSION_LABELS,
  ROLE_LABELS,
  STATUS_LABELS,
} from './user-labels';

const PAGE_SIZE = 25;
const STATUS_COLORS: Record<UserStatus, string> = { active: 'success', invited: 'processing', deactivated: 'default' };

interface Filters {
  search: string;
  role?: UserRoleFilter;
  view?: View;
  status?: UserStatus;
  isLocked?: boolean;
  lastSignIn?: LastSignInFilter;
}

/** Admin tool, Users (issue 17 item 1): the accounts, searched and filtered, created, edited and acted on. */
export default function UsersSection() {
  const { admin: isAdmin } = useSession();
  const { message, modal } = App.useApp();
  const [filters, setFilters] = useState<Filters>({ search: '' });
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(filters.search.trim(), 250);
  const users = useUsers({ ...filters, search: search === '' ? undefined : search, page, pageSize: PAGE_SIZE });
  const act = useApplyUserAction();
  const [editing, setEditing] = useState<{ user?: AdminUser }>();
  const [isImporting, setIsImporting] = useState(false);

  const filter = (changes: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...changes }));
    setPage(1);
  };
  const run = (user: AdminUser, action: UserAction) => {
    const apply = () =>
      act.mutateAsync({ userId: user.id, action }).then(
        () => void message.success(`${user.username}: ${ACTION_DONE[action]}`),
        (error: unknown) =>
          void message.error(isApiError(error) ? (error.serverMessage ?? error.message) : 'The action failed.'),
      );
    if (!ACTION_NEEDS_CONFIRMATION.has(action)) return void apply();
    void modal.confirm({
      title: `${ACTION_LABELS[action]}: ${displayName(user)} (${user.username})?`,
      content: ACTION_DONE[action],
      okText: ACTION_LABELS[action],
      okButtonProps: { danger: action === 'deactivate' },
      onOk: apply,
    });
  };

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap align="center">
        <Input.Search
          aria-label="Search users"
          placeholder="Name, username or email"
          allowClear
          value={filters.search}
          onChange={(event) => filter({ search: event.target.value })}
          style={{ width: 260 }}
        />
        <Select<UserRoleFilter>
          aria-label="Role"
          placeholder="Any role"
          allowClear
          value={filters.role}
          onChange={(role) => filter({ role })}
          options={USER_ROLE_FILTERS.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
          style={{ width: 130 }}
        />
        <Select<View>
          aria-label="View"
          placeholder="Any view"
          allowClear
          value={filters.view}
          onChange={(view) => filter({ view })}
          options={VIEWS.map((view) => ({ value: view, label: view }))}
          style={{ width: 130 }}
        />
        <Select<UserStatus>
          aria-label="Status"
          placeholder="Any status"
          allowClear
          value={filters.status}
          onChange={(status) => filter({ status })}
          options={USER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
          style={{ width: 140 }}
        />
        <Select<'locked' | 'unlocked'>
          aria-label="Locked"
          placeholder="Locked or not"
          allowClear
          value={filters.isLocked === undefined ? undefined : filters.isLocked ? 'locked' : 'unlocked'}
          onChange={(value: 'locked' | 'unlocked' | undefined) =>
            filter({ isLocked: value === undefined ? undefined : value === 'locked' })
          }
          options={[
            { value: 'locked', label: 'Locked' },
            { value: 'unlocked', label: 'Not locked' },
          ]}
          style={{ width: 140 }}
        />
        <Select<LastSignInFilter>
          aria-label="Last sign-in"
          placeholder="Any last sign-in"
          allowClear
          value={filters.lastSignIn}
          onChange={(lastSignIn) => filter({ lastSignIn })}
          options={LAST_SIGN_IN_FILTERS.map((value) => ({ value, label: LAST_SIGN_IN_LABELS[value] }))}
          style={{ width: 200 }}
        />
        <Flex gap={8} style={{ marginInlineStart: 'auto' }}>
          <Button icon={<UploadOutlined aria-hidden />} onClick={() => setIsImporting(true)}>
            Import CSV
          </Button>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({})}>
            New user
          </Button>
        </Flex>
      </Flex>
      {users.isError ? (
        <ErrorState title="The users could not be loaded." onRetry={() => void users.refetch()} />
      ) : (
        <Table<AdminUser>
          aria-label="Users"
          rowKey="id"
          size="middle"
          loading={users.isPending || (users.isFetching && users.isPlaceholderData)}
          dataSource={users.data?.users}
          locale={{ emptyText: <EmptyState description="No user matches these filters" compact /> }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: users.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => `${String(total)} users`,
            onChange: setPage,
          }}
          columns={[
            {
              title: 'Name',
              render: (_value, user) => (
                <Button type="link" style={{ padding: 0 }} onClick={() => setEditing({ user })}>
                  {displayName(user)}
                </Button>
              ),
            },
            { title: 'Username', dataIndex: 'username' },
            { title: 'Email', dataIndex: 'email' },
            { title: 'View', dataIndex: 'view' },
            { title: 'Permissions', render: (_value, user) => <PermissionTags user={user} /> },
            { title: 'Status', render: (_value, user) => <StatusTags user={user} /> },
            {
              title: 'Last sign-in',
              render: (_value, user) =>
                user.lastLoginAt
                  ? `${formatDate(user.lastLoginAt, 'date')} ${formatDate(user.lastLoginAt, 'time')}`
                  : 'Never',
            },
            {
              title: 'Actions',
              render: (_value, user) => (
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: availableActions(user).map((action) => ({ key: action, label: ACTION_LABELS[action] })),
                    onClick: ({ key }) => run(user, key as UserAction),
                  }}
                >
                  <Button size="small" aria-label={`Actions for ${user.username}`}>
                    Actions <DownOutlined aria-hidden />
                  </Button>
                </Dropdown>
              ),
            },
          ]}
        />
      )}
      <UserFormDrawer
        key={editing?.user?.id ?? 'new'}
        user={editing?.user}
        isOpen={editing !== undefined}
        canGrantAdmin={isAdmin}
        onClose={() => setEditing(undefined)}
        onSaved={(text) => {
          setEditing(undefined);
          void message.success(text);
        }}
      />
      <ImportUsersModal isOpen={isImporting} onClose={() => setIsImporting(false)} />
    </Flex>
  );
}

function PermissionTags({ user }: { user: AdminUser }) {
  if (user.isAdmin) return <Tag color="gold">Admin</Tag>;
  if (user.permissions.length === 0) return <Typography.Text type="secondary">None</Typography.Text>;
  return (
    <Flex gap={4} wrap>
      {user.permissions.map((permission) => (
        <Tag key={permission}>{PERMISSION_LABELS[permission]}</Tag>
      ))}
    </Flex>
  );
}

function StatusTags({ user }: { user: AdminUser }) {
  const isLocked = user.lockedUntil !== null;
  return (
    <Flex gap={4} wrap>
      <Tag color={STATUS_COLORS[user.status]}>{STATUS_LABELS[user.status]}</Tag>
      {isLocked && <Tag color="error">Locked</Tag>}
      {user.mustChangePassword && <Tag color="warning">Must change password</Tag>}
      {user.identitySource !== 'cairn' && <Tag>Single sign-on</Tag>}
    </Flex>
  );
}
