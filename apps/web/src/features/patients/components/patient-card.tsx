import type { PatientVisit } from '@cairn/contracts';
import { Alert, Card, Descriptions, List, Typography } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/dates';
import { usePatientDemographics } from '../api/patient-demographics';
import { LoadingState } from '../../../components/loading-state';
import { ErrorState } from '../../../components/error-state';
import { EmptyState } from '../../../components/empty-state';

function VisitList({
  cairnPatientId,
  title,
  visits,
}: {
  cairnPatientId: string;
  title: string;
  visits: PatientVisit[];
}) {
  return (
    <List
      size="small"
      header={<Typography.Text strong>{title}</Typography.Text>}
      // antd's own empty text is light grey (1.8:1 on white); the empty state reads at 5.7:1.
      locale={{ emptyText: <EmptyState description={`No ${title.toLowerCase()}`} compact /> }}
      dataSource={visits}
      renderItem={(visit) => (
        <List.Item key={visit.sid}>
          <Link to={paths.patientAppointment.href({ cairnPatientId, cairnAppointmentId: visit.sid })}>
            {`${formatDate(visit.startAt, 'date')} ${formatDate(visit.startAt, 'time')}`}
          </Link>
          <Typography.Text type="secondary">
            {[visit.visitType, visit.providerName, visit.status].filter(Boolean).join(' · ')}
          </Typography.Text>
        </List.Item>
      )}
    />
  );
}

/** The selected patient: who they are and their visits, each opening the portrait. */
export function PatientCard({ cairnPatientId }: { cairnPatientId: string }) {
  const { data: patient, isPending, error } = usePatientDemographics(cairnPatientId);
  if (isPending) return <LoadingState label="Loading patient" rows={4} />;
  if (error) {
    const notFound = (error as { code?: string }).code === 'NOT_FOUND';
    if (notFound) return <Alert type="warning" showIcon title="Patient not found" />;
    return <ErrorState title="The patient could not be loaded." />;
  }
  const name = `${patient.firstName} ${patient.lastName}`;
  return (
    <Card
      title={name}
      extra={<Link to={paths.patient.href({ cairnPatientId })}>Open portrait</Link>}
      aria-label={`Patient ${name}`}
    >
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: 'dob', label: 'DOB', children: formatDate(patient.dateOfBirth, 'date') },
          { key: 'mrn', label: 'MRN', children: patient.mrn ?? '—' },
          { key: 'provider', label: 'Primary provider', children: patient.primaryProviderName ?? '—' },
          { key: 'age', label: 'Age', children: `${patient.age}${patient.isDeceased ? ' (deceased)' : ''}` },
        ]}
      />
      {patient.upcomingVisits.length + patient.recentVisits.length === 0 ? (
        <EmptyState description="No visits" />
      ) : (
        <>
          <VisitList cairnPatientId={cairnPatientId} title="Upcoming visits" visits={patient.upcomingVisits} />
          <VisitList cairnPatientId={cairnPatientId} title="Recent visits" visits={patient.recentVisits} />
        </>
      )}
    </Card>
  );
}
