import { CheckCircleFilled, CloseCircleFilled, PlusOutlined } from '@ant-design/icons';
import type { EhrConnection } from '@cairn/contracts';
import { App, Button, Descriptions, Flex, List, Table, Tag, Typography } from 'antd';
import { useState, type Key } from 'react';
import { EmptyState } from '../../../../components/empty-state';
import { ErrorState } from '../../../../components/error-state';
import { LoadingState } from '../../../../components/loading-state';
import { isApiError } from '../../../../lib/api-error';
import { formatDate } from '../../../../lib/dates';
import { useEhrConnections } from '../../api/list-ehr-connections';
import { useTestEhrConnection, type EhrConnectionTestResult } from '../../api/test-ehr-connection';
import { CLIENT_AUTH_LABELS, EhrConnectionDrawer } from './ehr-connection-drawer';

type Activity = EhrConnection['lastLaunch'];

/** When something last happened through the connection and how it ended. */
function ActivityCell({ activity }: { activity: Activity }) {
  if (!activity) return <Typography.Text type="secondary">Never</Typography.Text>;
  const when = `${formatDate(activity.at, 'date')} ${formatDate(activity.at, 'time')}`;
  return (
    <Flex vertical gap={2}>
      <span>{when}</span>
      {activity.error === null ? (
        <Tag color="success" style={{ width: 'fit-content' }}>
          Succeeded
        </Tag>
      ) : (
        <Typography.Text type="danger">Failed: {activity.error}</Typography.Text>
      )}
    </Flex>
  );
}

/** What to register at the EHR for this connection, each value ready to copy. */
function Registration({ connection }: { connection: EhrConnection }) {
  const copyable = (value: string) => (
    <Typography.Text code copyable>
      {value}
    </Typography.Text>
  );
  return (
    <Descriptions size="small" column={1} title="Register at the EHR" bordered>
      <Descriptions.Item label="Launch URL">{copyable(connection.launchUrl)}</Descriptions.Item>
      <Descriptions.Item label="Redirect URIs">
        <Flex vertical gap={4}>
          {connection.redirectUris.map((uri) => (
            <span key={uri}>{copyable(uri)}</span>
          ))}
        </Flex>
      </Descriptions.Item>
      {connection.jwksUrl && <Descriptions.Item label="JWKS URL">{copyable(connection.jwksUrl)}</Descriptions.Item>}
      <Descriptions.Item label="Scopes">{copyable(connection.scopes)}</Descriptions.Item>
      {connection.issuerAliases.length > 0 && (
        <Descriptions.Item label="Also launches from">{connection.issuerAliases.join(', ')}</Descriptions.Item>
      )}
    </Descriptions>
  );
}

function TestResult({ result }: { result: EhrConnectionTestResult }) {
  return (
    <section aria-label="Connection checks">
      <List
        size="small"
        header={
          <Typography.Text strong>
            {result.isReady ? 'Ready: Cairn has what it needs.' : 'Not ready: see what is missing below.'}
          </Typography.Text>
        }
        dataSource={result.checks}
        renderItem={(check) => (
          <List.Item>
            <Flex gap={8} align="baseline">
              {check.isOk ? (
                <CheckCircleFilled style={{ color: '#389e0d' }} aria-label="Passed" />
              ) : (
                <CloseCircleFilled style={{ color: '#cf1322' }} aria-label="Failed" />
              )}
              <span>
                <Typography.Text strong>{check.name}:</Typography.Text> {check.message}
              </span>
            </Flex>
          </List.Item>
        )}
      />
    </section>
  );
}

/** Admin tool, EHR connections (issue 17 item 3): register, edit, disable and test the EHRs Cairn talks to. */
export default function EhrConnectionsSection() {
  const { message } = App.useApp();
  const connections = useEhrConnections();
  const test = useTestEhrConnection();
  const [editing, setEditing] = useState<{ connection?: EhrConnection }>();
  const [results, setResults] = useState<Record<string, EhrConnectionTestResult>>({});
  const [expanded, setExpanded] = useState<readonly Key[]>([]);

  const runTest = (connection: EhrConnection) => {
    test.mutate(connection.id, {
      onSuccess: (result) => {
        setResults((current) => ({ ...current, [connection.id]: result }));
        setExpanded((current) => [...new Set([...current, connection.id])]);
      },
      onError: (error) =>
        void message.error(isApiError(error) ? (error.serverMessage ?? error.message) : 'The test could not run.'),
    });
  };

  if (connections.isPending) return <LoadingState label="Loading the EHR connections" />;
  if (connections.isError) {
    return <ErrorState title="The EHR connections could not be loaded." onRetry={() => void connections.refetch()} />;
  }
  return (
    <Flex vertical gap={16}>
      <Flex justify="flex-end">
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({})}>
          New connection
        </Button>
      </Flex>
      <Table<EhrConnection>
        aria-label="EHR connections"
        rowKey="id"
        pagination={false}
        dataSource={connections.data}
        locale={{ emptyText: <EmptyState description="No EHR is connected yet" compact /> }}
        expandable={{
          expandedRowKeys: expanded,
          onExpandedRowsChange: setExpanded,
          expandedRowRender: (connection) => {
            const result = results[connection.id];
            return (
              <Flex vertical gap={16}>
                {result && <TestResult result={result} />}
                <Registration connection={connection} />
              </Flex>
            );
          },
        }}
        columns={[
          {
            title: 'Name',
            render: (_value, connection) => (
              <Flex vertical gap={2}>
                <Typography.Text strong>{connection.name}</Typography.Text>
                <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
                  {connection.fhirBaseUrl}
                </Typography.Text>
              </Flex>
            ),
          },
          { title: 'Client', render: (_value, connection) => CLIENT_AUTH_LABELS[connection.clientAuth] },
          {
            title: 'Status',
            render: (_value, connection) =>
              connection.isEnabled ? <Tag color="success">Enabled</Tag> : <Tag>Disabled</Tag>,
          },
          { title: 'Last launch', render: (_value, connection) => <ActivityCell activity={connection.lastLaunch} /> },
          {
            title: 'Last patient read',
            render: (_value, connection) => <ActivityCell activity={connection.lastSync} />,
          },
          { title: 'Last write', render: (_value, connection) => <ActivityCell activity={connection.lastWrite} /> },
          {
            title: 'Actions',
            render: (_value, connection) => (
              <Flex gap={8} wrap>
                <Button
                  size="small"
                  loading={test.isPending && test.variables === connection.id}
                  onClick={() => runTest(connection)}
                  aria-label={`Test connection ${connection.name}`}
                >
                  Test connection
                </Button>
                <Button size="small" onClick={() => setEditing({ connection })} aria-label={`Edit ${connection.name}`}>
                  Edit
                </Button>
              </Flex>
            ),
          },
        ]}
      />
      <EhrConnectionDrawer
        key={editing?.connection?.id ?? 'new'}
        connection={editing?.connection}
        isOpen={editing !== undefined}
        onClose={() => setEditing(undefined)}
        onSaved={(saved, isNew) => {
          setEditing(undefined);
          setExpanded((current) => [...new Set([...current, saved.id])]);
          void message.success(
            isNew
              ? `${saved.name} is registered: register Cairn at the EHR as shown below.`
              : `${saved.name} was saved.`,
          );
        }}
      />
    </Flex>
  );
}
