/** The sandbox EHR (issue 6): a FHIR R4 server, a SMART authorization server and an EHR screen. */
export { ehrSandbox, type EhrSandboxOptions } from './plugin.js';
export type { SandboxClient } from './auth/auth.routes.js';
export { createSandboxRepository, SandboxRepository } from './fhir/sandbox-repository.js';
export { loadSandboxData, type LoadSummary } from './data/load-sandbox-data.js';
