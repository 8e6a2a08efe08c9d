import { Descriptions, Flex, Select, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { EmptyState } from '../../../../components/empty-state';
import { ErrorState } from '../../../../components/error-state';
import { LoadingState } from '../../../../components/loading-state';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useFeatureFlagEvaluation, type UserFlagEvaluation } from '../../api/evaluate-feature-flags';
import { usersQuery } from '../../api/list-users';
import { formatFlagValue } from './flag-catalogue';

/** How many users the picker offers for one search. */
const USER_CHOICES = 20;

/** Picks a user of the organisation and shows every flag as they get it, and the rule that gave it. */
export function EvaluateForUser() {
  const selectId = useId();
  const [search, setSearch] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [userId, setUserId] = useState<string>();
  const debouncedSearch = useDebouncedValue(search, 250);
  // The users are read once the picker opens, not when the section loads.
  const users = useQuery({
    ...usersQuery({ search: debouncedSearch || undefined, page: 1, pageSize: USER_CHOICES }),
    enabled: isOpen,
    placeholderData: keepPreviousData,
  });
  const evaluation = useFeatureFlagEvaluation(userId);
  const options = (users.data?.users ?? []).map((user) => ({
    value: user.id,
    label: `${user.firstName} ${user.lastName} (${user.username})`.trim(),
  }));

  return (
    <Flex vertical gap="middle">
      <Flex vertical gap={4}>
        <label htmlFor={selectId}>User</label>
        <Select
          id={selectId}
          style={{ maxWidth: 420 }}
          placeholder="Search by name, username or email"
          showSearch={{ filterOption: false, onSearch: setSearch }}
          onOpenChange={setIsOpen}
          options={options}
          value={userId}
          onChange={setUserId}
          loading={users.isFetching}
          notFoundContent={
            users.isError ? 'The users could not be loaded.' : users.isFetching ? 'Searching…' : 'No users match'
          }
        />
      </Flex>
      <EvaluationResult userId={userId} evaluation={evaluation} />
    </Flex>
  );
}

function EvaluationResult({
  userId,
  evaluation,
}: {
  userId: string | undefined;
  evaluation: ReturnType<typeof useFeatureFlagEvaluation>;
}) {
  if (userId === undefined)
    return <EmptyState compact description="Choose a user to see the value of each flag for them." />;
  if (evaluation.isPending) return <LoadingState label="Evaluating the flags" rows={4} />;
  if (evaluation.isError) {
    return (
      <ErrorState title="The flags could not be evaluated for this user." onRetry={() => void evaluation.refetch()} />
    );
  }
  return <EvaluationTable result={evaluation.data} />;
}

function reasonOf(flag: UserFlagEvaluation['flags'][number]): string {
  switch (flag.reason) {
    case 'TARGETING_MATCH': {
      const position = `Rule ${String((flag.rule?.index ?? 0) + 1)}`;
      return flag.rule?.description ? `${position}: ${flag.rule.description}` : position;
    }
    case 'DEFAULT':
      return "The organisation's default";
    case 'CAIRN_DEFAULT':
      return "Cairn's default";
  }
}

function EvaluationTable({ result }: { result: UserFlagEvaluation }) {
  return (
    <Flex vertical gap="middle">
      <Table
        rowKey="key"
        size="small"
        pagination={false}
        aria-label="Flags for this user"
        dataSource={result.flags}
        columns={[
          { title: 'Flag', key: 'key', render: (_, flag) => <Typography.Text code>{flag.key}</Typography.Text> },
          { title: 'Value', key: 'value', render: (_, flag) => formatFlagValue(flag.key, flag.value) },
          { title: 'Why', key: 'reason', render: (_, flag) => reasonOf(flag) },
        ]}
      />
      <Descriptions
        size="small"
        column={1}
        bordered
        title="What the rules were tested against"
        items={Object.entries(result.attributes).map(([name, value]) => ({
          key: name,
          label: name,
          children: Array.isArray(value) ? value.join(', ') || '(none)' : String(value),
        }))}
      />
    </Flex>
  );
}
