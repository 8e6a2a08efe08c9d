export { RiskAnalyticsDashboard } from './components/risk-analytics-dashboard';
