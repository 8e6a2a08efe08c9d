export type { ComputedAnalysis } from './analysis-compute';
export { markPatientsChanged, queueAllPatients, queueAllQualityJobs } from './analysis-queue';
export { ageOn, demographicsOf, loadPatientRecords } from './analysis-record';
export { storeAnalyses } from './analysis-store';
export { drainAnalysisQueue, drainQualityQueue, startAnalysisWorker } from './analysis-worker';
export { storeQualityResults } from './quality-store';
export { measurementPeriodOf } from './quality-compute';
export { type StoredRiskScore, currentAnalysisJoin } from './analysis.repository';
