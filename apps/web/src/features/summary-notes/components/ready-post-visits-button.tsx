import { CheckCircleOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, List } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/dates';
import { useReadyPostVisits, type ReadyPostVisit } from '../api/get-ready-post-visits';
import { useUpdatePostVisitViewed } from '../api/update-post-visit-viewed';
import { LoadingState } from '../../../components/loading-state';
import { ErrorState } from '../../../components/error-state';
import { EmptyState } from '../../../components/empty-state';

/** Visits whose post-visit review is ready (getReadyPostVisits): a header button with the count and a drawer. */
export function ReadyPostVisitsButton() {
  const [isOpen, setIsOpen] = useState(false);
  const visits = useReadyPostVisits();
  const count = visits.data?.length ?? 0;
  return (
    <>
      <Badge count={count} size="small">
        <Button type="text" icon={<CheckCircleOutlined aria-hidden />} onClick={() => setIsOpen(true)}>
          Post-visit reviews
        </Button>
      </Badge>
      <Drawer title="Ready for post-visit review" open={isOpen} onClose={() => setIsOpen(false)} destroyOnHidden>
        <VisitList onOpen={() => setIsOpen(false)} />
      </Drawer>
    </>
  );
}

// Its own observer of the query: the button tracks only the data, so it is not re-rendered on a failure.
function VisitList({ onOpen }: { onOpen: () => void }) {
  const visits = useReadyPostVisits();
  const markViewed = useUpdatePostVisitViewed();
  if (visits.isPending) return <LoadingState label="Loading post-visit reviews" />;
  if (visits.isError)
    return <ErrorState title="Failed to load post-visit reviews" onRetry={() => void visits.refetch()} />;
  if (visits.data.length === 0) return <EmptyState description="No post-visit reviews are ready" compact />;
  return (
    <>
      {markViewed.isError && <ErrorState title="The review was not marked done" style={{ marginBottom: 12 }} />}
      <List
        aria-label="Post-visit reviews"
        dataSource={visits.data}
        rowKey="sid"
        renderItem={(visit: ReadyPostVisit) => (
          <List.Item
            actions={[
              <Button
                key="done"
                size="small"
                loading={markViewed.isPending && markViewed.variables.sid === visit.sid}
                onClick={() => markViewed.mutate({ sid: visit.sid, isDoneByProvider: true })}
                aria-label={`Done: ${visit.patientName}`}
              >
                Done
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <Link
                  to={paths.patientAppointment.href({
                    cairnPatientId: visit.cairnPatientId,
                    cairnAppointmentId: visit.sid,
                  })}
                  onClick={onOpen}
                >
                  {visit.patientName}
                </Link>
              }
              description={[formatDate(visit.visitDate, 'date'), visit.providerName].filter(Boolean).join(' · ')}
            />
          </List.Item>
        )}
      />
    </>
  );
}
