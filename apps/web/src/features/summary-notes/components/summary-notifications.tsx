import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, List, Popover, Typography } from 'antd';
import { formatDate } from '../../../lib/dates';
import { useSummaryNotifications, type SummaryNotification } from '../api/get-summary-notifications';
import { useUpdateSummaryUpdateViewed } from '../api/update-summary-update-viewed';
import { LoadingState } from '../../../components/loading-state';
import { ErrorState } from '../../../components/error-state';
import { EmptyState } from '../../../components/empty-state';

/** What changed on a visit's summary (getSummaryNotifications): a bell with the unread count and a list. */
export function SummaryNotifications({ sid }: { sid: string }) {
  const updates = useSummaryNotifications(sid);
  const unread = updates.data?.filter((update) => !update.isRead).length ?? 0;
  return (
    <Popover trigger="click" placement="bottomRight" title="Summary updates" content={<UpdateList sid={sid} />}>
      <Badge count={unread} size="small">
        <Button
          icon={<BellOutlined aria-hidden />}
          aria-label={unread > 0 ? `Summary updates, ${String(unread)} unread` : 'Summary updates'}
        />
      </Badge>
    </Popover>
  );
}

// Its own observer of the query: the bell tracks only the data, so it is not re-rendered on a failure.
function UpdateList({ sid }: { sid: string }) {
  const updates = useSummaryNotifications(sid);
  const setViewed = useUpdateSummaryUpdateViewed(sid);
  if (updates.isPending) return <LoadingState label="Loading updates" />;
  if (updates.isError) return <ErrorState title="Failed to load updates" onRetry={() => void updates.refetch()} />;
  if (updates.data.length === 0) return <EmptyState description="No updates" compact />;
  return (
    <List
      aria-label="Updates"
      style={{ width: 340, maxHeight: 400, overflowY: 'auto' }}
      dataSource={updates.data}
      rowKey="id"
      renderItem={(update: SummaryNotification) => (
        <List.Item
          actions={[
            <Button
              key="toggle"
              type="link"
              size="small"
              onClick={() => setViewed.mutate({ summaryUpdateId: update.id, isRead: !update.isRead })}
            >
              {update.isRead ? 'Mark unread' : 'Mark read'}
            </Button>,
          ]}
        >
          <List.Item.Meta
            title={<Typography.Text strong={!update.isRead}>{update.message}</Typography.Text>}
            description={`${formatDate(update.createdAt, 'date')} ${formatDate(update.createdAt, 'time')}`}
          />
        </List.Item>
      )}
    />
  );
}
