export { riskAnalyticsRoutes } from './risk-analytics.routes';
export { riskAnalyticsBuilder, rebuildRiskAnalytics } from './risk-rebuild';
