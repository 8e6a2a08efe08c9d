import { RiskAnalyticsDashboard } from '../../../features/risk-analytics';

/** /analytics (and /qs), 'Analytics': risk adjustment and the product's own use (issue 20; spec §6 hcc_dashboard). */
export default function AnalyticsPage() {
  return <RiskAnalyticsDashboard />;
}
