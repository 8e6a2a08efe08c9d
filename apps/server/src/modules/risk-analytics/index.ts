export { riskAnalyticsRoutes } from './risk-analytics.routes';
export { riskAnalyticsBuilder, rebuildRiskAnalytics } from './risk-rebuild';
export { forgetUsageRollups } from './product-analytics.repository';
