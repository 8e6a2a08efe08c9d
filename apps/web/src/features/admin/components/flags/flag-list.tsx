import { FLAG_NAMES, type FlagName, type FlagValues, type StoredFlag } from '@cairn/contracts';
import { Button, Flex, Table, Tag, Typography } from 'antd';
import { FLAG_CATALOGUE, formatFlagValue } from './flag-catalogue';

export interface FlagListProps {
  stored: readonly StoredFlag[];
  defaults: FlagValues;
  onEdit: (flag: FlagName) => void;
}

interface FlagRow {
  key: FlagName;
  stored: StoredFlag | undefined;
}

/** Every flag of the spec: Cairn's default beside the organisation's value and rules, each with Edit. */
export function FlagList({ stored, defaults, onEdit }: FlagListProps) {
  const rows: FlagRow[] = FLAG_NAMES.map((key) => ({ key, stored: stored.find((flag) => flag.key === key) }));
  return (
    <Table<FlagRow>
      rowKey="key"
      dataSource={rows}
      pagination={false}
      size="middle"
      aria-label="Feature flags"
      columns={[
        {
          title: 'Flag',
          key: 'flag',
          render: (_, row) => (
            <Flex vertical>
              <Typography.Text strong code>
                {row.key}
              </Typography.Text>
              <Typography.Text type="secondary">{FLAG_CATALOGUE[row.key].summary}</Typography.Text>
            </Flex>
          ),
        },
        {
          title: "Cairn's default",
          key: 'cairnDefault',
          render: (_, row) => formatFlagValue(row.key, defaults[row.key]),
        },
        {
          title: 'This organisation',
          key: 'organisation',
          render: (_, row) => <OrganisationValue flag={row.key} stored={row.stored} />,
        },
        {
          title: 'Actions',
          key: 'actions',
          align: 'right',
          render: (_, row) => (
            <Button aria-label={`Edit ${row.key}`} onClick={() => onEdit(row.key)}>
              Edit
            </Button>
          ),
        },
      ]}
    />
  );
}

function OrganisationValue({ flag, stored }: { flag: FlagName; stored: StoredFlag | undefined }) {
  if (!stored) return <Typography.Text type="secondary">Cairn&apos;s default</Typography.Text>;
  const ruleCount = stored.rules.length;
  return (
    <Flex vertical gap={4} align="flex-start">
      <span>{formatFlagValue(flag, stored.defaultValue)}</span>
      {ruleCount > 0 && <Tag>{ruleCount === 1 ? '1 targeting rule' : `${String(ruleCount)} targeting rules`}</Tag>}
    </Flex>
  );
}
