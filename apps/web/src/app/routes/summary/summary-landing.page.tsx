import { Result } from 'antd';
import { Navigate, useLocation, useParams } from 'react-router';
import { paths, isOverlayPath } from '../../../config/paths';
import { useAppointmentDetails } from '../../../features/patients/api/appointment-details';
import { ApiError } from '../../../lib/api-error';
import NotFoundPage from '../errors/not-found.page';
import { GeneralInfoChart, isGeneralInfoChartPage } from './general-info-chart';
import { LoadingState } from '../../../components/loading-state';

/** Cairn's ids are UUIDs; a single-segment path that is not one is simply an unknown page. */
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The overlay summary paths that open one tab of the portrait (spec §2). */
const OVERLAY_TABS: Record<string, string> = {
  hcc: 'dx-summary',
  clinical: 'clinical-summary',
  documents: 'documents',
  alerts: 'quality',
  ambient: 'ambient',
};

/** The portrait of the visit: full screen, or in the overlay opened at the tab its path names. */
function portraitPath(pathname: string, params: { cairnPatientId: string; cairnAppointmentId: string }): string {
  if (!isOverlayPath(pathname)) return paths.patientAppointment.href(params);
  const overlay = paths.overlayPatientAppointment.href(params);
  const tab = OVERLAY_TABS[pathname.split('/')[2] ?? ''];
  return tab ? `${overlay}/${tab}` : overlay;
}

/**
 * /:cairnAppointmentId and its overlay variants: the visit's summary, which is its patient's portrait;
 * /overlay/{summaryId}?generalInfoChartPage=1 is the general-info chart page instead.
 */
export default function SummaryLandingPage() {
  const { cairnAppointmentId } = useParams();
  const { pathname, search } = useLocation();
  const isId = cairnAppointmentId !== undefined && ID_PATTERN.test(cairnAppointmentId);
  if (!isId) return <NotFoundPage />;
  const isOverlaySummary = pathname.replace(/\/$/, '') === paths.overlaySummary.href({ cairnAppointmentId });
  if (isOverlaySummary && isGeneralInfoChartPage(search)) return <GeneralInfoChart sid={cairnAppointmentId} />;
  return <RedirectToPortrait sid={cairnAppointmentId} />;
}

function RedirectToPortrait({ sid }: { sid: string }) {
  const { pathname } = useLocation();
  const { data, error } = useAppointmentDetails(sid);
  if (error instanceof ApiError && error.code === 'NOT_FOUND') {
    return <Result status="404" title="Visit not found" subTitle={error.serverMessage ?? error.message} />;
  }
  // Any other failure, an empty answer included: the route's error screen says which.
  if (error) throw error;
  if (!data)
    return (
      <div style={{ margin: '96px auto' }}>
        <LoadingState label="Opening the visit" size="large" />
      </div>
    );
  const params = { cairnPatientId: data.patient.cairnPatientId, cairnAppointmentId: sid };
  const target = portraitPath(pathname, params);
  return <Navigate to={target} replace />;
}
