import type { PatientDemographics } from '@cairn/contracts';
import { Alert, Col, Flex, Row, Select, Typography } from 'antd';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/dates';
import { usePatientDemographics } from '../../../features/patients/api/patient-demographics';
import { PatientSearch } from '../../../features/patients/components/patient-search';
import { qualityInsightsKey, QualityInsightsTab } from '../../../features/quality-insights';
import { useInvalidateOnVisitEvents } from '../../../features/realtime/use-visit-events';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { WidgetBoundary } from '../../../components/widget-boundary';
import { EvidenceSourceViewer, sourceOfLink, type OpenSource } from '../patient/evidence-source';

/** Cairn's ids are UUIDs; anything else in the URL means no patient (or visit) is chosen. */
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string): boolean => ID_PATTERN.test(value);

/**
 * /quality-tab ('Quality patient view', spec §2; issue 19): one patient's quality measures, full page.
 * The patient is chosen by search (or arrives in `?cairnPatientId=`, as the portrait's Quality tab links
 * here); choosing one of their visits (`?cairnAppointmentId=`) lets gaps be marked addressed at it.
 */
export default function QualityPatientViewPage() {
  const [params, setParams] = useSearchParams();
  const patientId = params.get('cairnPatientId') ?? '';
  const appointmentId = params.get('cairnAppointmentId') ?? undefined;
  const hasPatient = isUuid(patientId);
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={8}>
        <PatientSearch
          selectedId={hasPatient ? patientId : undefined}
          onSelect={(patient) => setParams({ cairnPatientId: patient.cairnPatientId })}
        />
      </Col>
      <Col xs={24} lg={16}>
        {hasPatient ? (
          <WidgetBoundary name="The quality patient view">
            <PatientQuality
              key={patientId}
              patientId={patientId}
              appointmentId={appointmentId && isUuid(appointmentId) ? appointmentId : undefined}
              onChooseVisit={(sid) =>
                setParams(sid ? { cairnPatientId: patientId, cairnAppointmentId: sid } : { cairnPatientId: patientId })
              }
            />
          </WidgetBoundary>
        ) : (
          <EmptyState description="Search for a patient to see their quality measures" />
        )}
      </Col>
    </Row>
  );
}

interface PatientQualityProps {
  patientId: string;
  appointmentId: string | undefined;
  onChooseVisit: (sid: string | undefined) => void;
}

function PatientQuality({ patientId, appointmentId, onChooseVisit }: PatientQualityProps) {
  const [source, setSource] = useState<OpenSource>();
  const patient = usePatientDemographics(patientId);
  useInvalidateOnVisitEvents(appointmentId, [qualityInsightsKey(patientId, appointmentId)]);
  if (patient.isPending) return <LoadingState label="Loading the patient" rows={2} />;
  if (patient.isError) {
    if ((patient.error as { code?: string }).code === 'NOT_FOUND') {
      return <Alert type="warning" showIcon title="Patient not found" />;
    }
    return <ErrorState title="The patient could not be loaded." onRetry={() => void patient.refetch()} />;
  }
  return (
    <Flex vertical gap="middle">
      <PatientHeading
        patient={patient.data}
        patientId={patientId}
        appointmentId={appointmentId}
        onChooseVisit={onChooseVisit}
      />
      <QualityInsightsTab
        patientId={patientId}
        sid={appointmentId}
        onOpenEvidence={(evidence) =>
          setSource(sourceOfLink(evidence.link, { display: evidence.description, unit: evidence.unit }))
        }
      />
      <EvidenceSourceViewer patientId={patientId} source={source} onClose={() => setSource(undefined)} />
    </Flex>
  );
}

/** Who the patient is, a link to their portrait, and the visit gaps are marked at. */
function PatientHeading({
  patient,
  patientId,
  appointmentId,
  onChooseVisit,
}: PatientQualityProps & { patient: PatientDemographics }) {
  const visitLabelId = useId();
  const visits = [...patient.upcomingVisits, ...patient.recentVisits];
  const portrait = appointmentId
    ? paths.patientAppointmentTab.href({ cairnPatientId: patientId, cairnAppointmentId: appointmentId, tab: 'quality' })
    : paths.patientTab.href({ cairnPatientId: patientId, tab: 'quality' });
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="baseline" gap={8} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {patient.firstName} {patient.lastName}
        </Typography.Title>
        <Link to={portrait}>Open the portrait</Link>
      </Flex>
      <Typography.Text type="secondary">
        {[`DOB ${formatDate(patient.dateOfBirth, 'date')}`, patient.mrn ? `MRN ${patient.mrn}` : undefined]
          .filter(Boolean)
          .join(' · ')}
      </Typography.Text>
      <Flex gap={8} align="center" wrap>
        <Typography.Text id={visitLabelId}>Mark gaps addressed at</Typography.Text>
        <Select
          aria-labelledby={visitLabelId}
          style={{ minWidth: 280 }}
          value={appointmentId ?? ''}
          onChange={(value: string) => onChooseVisit(value || undefined)}
          options={[
            { value: '', label: 'No visit (view only)' },
            ...visits.map((visit) => ({
              value: visit.sid,
              label: `${formatDate(visit.startAt, 'date')} ${formatDate(visit.startAt, 'time')} · ${visit.visitType}`,
            })),
          ]}
        />
      </Flex>
    </Flex>
  );
}
