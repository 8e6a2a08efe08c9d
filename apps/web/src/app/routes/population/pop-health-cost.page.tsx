import { CostDashboard } from '../../../features/population-health';

/** /pop-health-cost, 'Pop Health Workspace': cost from claims, per member per month, against risk (issue 20). */
export default function PopHealthCostPage() {
  return <CostDashboard />;
}
