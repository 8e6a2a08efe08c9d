import { useParams } from 'react-router';
import NotFoundPage from '../errors/not-found.page';

/** Cairn's ids are UUIDs; a single-segment path that is not one is simply an unknown page. */
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /:cairnAppointmentId and its overlay variants: the visit's summary. */
export default function SummaryLandingPage() {
  const { cairnAppointmentId } = useParams();
  if (!cairnAppointmentId || !ID_PATTERN.test(cairnAppointmentId)) return <NotFoundPage />;
  return null;
}
