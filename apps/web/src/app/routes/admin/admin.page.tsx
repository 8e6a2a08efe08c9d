import { useParams } from 'react-router';
import { AdminWorkspace } from '../../../features/admin';

/** /admin and /admin/:section: the admin tool (issue 17). */
export default function AdminPage() {
  const { section } = useParams();
  return <AdminWorkspace sectionPath={section} />;
}
