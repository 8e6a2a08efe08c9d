import { AdmissionsDashboard } from '../../../features/population-health';

/** /pop-health-admissions, 'Pop Health Workspace': admissions, emergency visits and transitional care (issue 20). */
export default function PopHealthAdmissionsPage() {
  return <AdmissionsDashboard />;
}
