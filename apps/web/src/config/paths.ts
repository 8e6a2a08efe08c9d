import { generatePath, type PathParam } from 'react-router';

type HrefArguments<P extends string> = [PathParam<P>] extends [never] ? [] : [params: Record<PathParam<P>, string>];

/** A route's path pattern and the one way to build a link to it (never hand-built strings). */
function path<P extends string>(pattern: P) {
  return {
    path: pattern,
    href: (...args: HrefArguments<P>): string => generatePath(pattern, args[0] as never),
  };
}

/** Every route of spec §2. `cairn…Id` stands for the spec's `{product}…Id`. */
export const paths = {
  home: path('/'),
  // Public and login routes
  login: path('/login'),
  overlayLogin: path('/overlay/login'),
  sso: path('/sso'),
  epicLogin: path('/epic/login'),
  overlayEpicLogin: path('/overlay/epic/login'),
  veradigmLaunch: path('/veradigm/launch'),
  changePassword: path('/auth/changePassword'),
  logout: path('/logout'),
  athena: path('/athena'),
  ecw: path('/ecw'),
  // Protected routes
  schedule: path('/schedule'),
  patientLookup: path('/patient-lookup/:cairnPatientId'),
  patientMissingId: path('/patient'),
  patient: path('/patient/:cairnPatientId'),
  patientTab: path('/patient/:cairnPatientId/:tab'),
  patientAppointment: path('/patient/:cairnPatientId/appointment/:cairnAppointmentId'),
  patientAppointmentTab: path('/patient/:cairnPatientId/appointment/:cairnAppointmentId/:tab'),
  overlayPatient: path('/overlay/patient/:cairnPatientId'),
  overlayPatientAppointment: path('/overlay/patient/:cairnPatientId/appointment/:cairnAppointmentId'),
  overlayTabPatient: path('/overlay/:tab/patient/:cairnPatientId'),
  overlayTabPatientAppointment: path('/overlay/:tab/patient/:cairnPatientId/appointment/:cairnAppointmentId'),
  analytics: path('/analytics'),
  qs: path('/qs'),
  admin: path('/admin'),
  /** A section of the admin tool (issue 17: users, ...). */
  adminSection: path('/admin/:section'),
  files: path('/files'),
  quality: path('/quality'),
  qualityWorkspace: path('/quality-workspace'),
  qualityArchive: path('/quality-archive'),
  qualityPatients: path('/quality-patients'),
  qualitySatisfactionRate: path('/quality-satisfaction-rate'),
  qualityTab: path('/quality-tab'),
  qualityFit: path('/quality-fit'),
  qualityFitAddTemplate: path('/quality-fit/add-template'),
  qualityFitTemplates: path('/quality-fit-templates'),
  popHealthAdmissions: path('/pop-health-admissions'),
  popHealthCost: path('/pop-health-cost'),
  doc: path('/doc/:documentId'),
  document: path('/document/:documentId'),
  summary: path('/:cairnAppointmentId'),
  overlaySummary: path('/overlay/:cairnAppointmentId'),
  overlayHcc: path('/overlay/hcc/:cairnAppointmentId'),
  overlayClinical: path('/overlay/clinical/:cairnAppointmentId'),
  overlayPortrait: path('/overlay/portrait/:cairnAppointmentId'),
  overlayDocuments: path('/overlay/documents/:cairnAppointmentId'),
  overlayAlerts: path('/overlay/alerts/:cairnAppointmentId'),
  overlayAmbient: path('/overlay/ambient/:cairnAppointmentId'),
  guessMatchNotFound: path('/summary/guess-match-not-found'),
  overlayGuessMatchNotFound: path('/overlay/summary/guess-match-not-found'),
  ambientNoteDemo: path('/ambient-note-demo'),
  antdDemo: path('/antd-demo'),
  twoStepVerification: path('/account/two-step-verification'),
  accessDenied: path('/access-denied'),
  externalRedirect: path('/external-redirect'),
  noPatientData: path('/no-patient-data'),
} as const;

export type PathName = keyof typeof paths;

/** A route's link (from `href()`) with query parameters; parameters given as undefined are left out. */
export function withQuery(href: string, query: Record<string, string | undefined>): string {
  const entries = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const search = new URLSearchParams(entries).toString();
  return search ? `${href}?${search}` : href;
}

/** /quality-tab ('Quality patient view') for a patient and, to mark gaps addressed, one of their visits. */
export function qualityPatientViewHref(ids: {
  cairnPatientId: string;
  cairnAppointmentId?: string | undefined;
}): string {
  return withQuery(paths.qualityTab.href(), ids);
}

/** True for the overlay variants, which run inside an EHR frame. */
export function isOverlayPath(pathname: string): boolean {
  return pathname === '/overlay' || pathname.startsWith('/overlay/');
}
