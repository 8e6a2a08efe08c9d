import { Flex, Result } from 'antd';
import { useAppointmentDetails } from '../../../features/patients/api/appointment-details';
import { ClinicalSummaryTab } from '../../../features/clinical-summary/components/clinical-summary-tab';
import { PatientBanner } from '../../../features/portrait/components/patient-banner';
import { ApiError } from '../../../lib/api-error';
import { LoadingState } from '../../../components/loading-state';

/** The query flag that turns the overlay summary into the general-info chart page (spec §2). */
export const GENERAL_INFO_CHART_PAGE_PARAM = 'generalInfoChartPage';

export function isGeneralInfoChartPage(search: string): boolean {
  return new URLSearchParams(search).get(GENERAL_INFO_CHART_PAGE_PARAM) === '1';
}

/**
 * /overlay/{summaryId}?generalInfoChartPage=1 (spec §2): the EHR's general-info chart panel shows the
 * visit's banner and the patient's clinical summary, without the portrait's tabs.
 */
export function GeneralInfoChart({ sid }: { sid: string }) {
  const { data, error } = useAppointmentDetails(sid);
  if (error instanceof ApiError && error.code === 'NOT_FOUND') {
    return <Result status="404" title="Visit not found" subTitle={error.serverMessage ?? error.message} />;
  }
  // Any other failure, an empty answer included: the route's error screen says which.
  if (error) throw error;
  if (!data) return <LoadingState label="Loading the visit" rows={4} />;
  return (
    <Flex vertical gap={8}>
      <PatientBanner patient={data.patient} visit={data.appointment} />
      <ClinicalSummaryTab patientId={data.patient.cairnPatientId} appointmentId={sid} />
    </Flex>
  );
}
