import { useParams } from 'react-router';
import { NotFoundMessage } from '../../../components/not-found-message';
import { findTabByPath } from '../../../features/portrait/tabs';

/** The portrait's tab route: a known tab, or the spec's unknown-tab message. */
export default function PortraitTabPage() {
  const { tab } = useParams();
  if (!findTabByPath(tab)) return <NotFoundMessage name="Tab" />;
  return null;
}
