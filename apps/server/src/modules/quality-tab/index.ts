export { qualityTabRoutes } from './quality-tab.routes';
export { sendMarkedCareGaps } from './care-gap-send';
