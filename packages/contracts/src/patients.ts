import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';

/**
 * Patient lookup and the portrait (issue 5 items 5 and 6): finding a patient by name, date of birth or
 * MRN, the portrait's banner, and a visit's details (spec §7 getAppointmentDetails and friends).
 */

/** Ids in URLs; anything that is not a known id is answered 404, never 422. */
const id = z.string().trim().min(1).max(100);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The most results a patient lookup answers. */
export const PATIENT_LOOKUP_LIMIT = 20;

/** A visit, as a link to its portrait. */
export const visitLink = z.object({ sid: z.string(), startAt: z.iso.datetime({ offset: true }) });
export type VisitLink = z.infer<typeof visitLink>;

/** One patient in a lookup or list. */
export const patientListItem = z.object({
  cairnPatientId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: isoDate,
  gender: z.string(),
  mrn: z.string().nullable(),
  primaryProviderName: z.string().nullable(),
  /** The patient's next usable visit, when one is booked. */
  nextVisit: visitLink.nullable(),
});
export type PatientListItem = z.infer<typeof patientListItem>;

const searchText = z.string().trim().min(1, 'Enter a name, a date of birth or an MRN').max(100);

export const getPatientLookup = defineEndpoint({
  method: 'POST',
  path: '/getPatientLookup',
  summary:
    'Patients in scope matching a name ("last", "first last", "last, first", prefixes), a date of birth (MM/DD/YYYY or YYYY-MM-DD) or an MRN; at most 20, ordered by name',
  tags: ['patients'],
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({ searchText }),
  response: resultEnvelope(z.array(patientListItem)),
});

export const getPatients = defineEndpoint({
  method: 'POST',
  path: '/getPatients',
  summary: 'The patients in scope, a page at a time, optionally matching a search text, with the total',
  tags: ['patients'],
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({
    searchText: searchText.optional(),
    page: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(20),
  }),
  response: resultEnvelope(
    z.object({ patients: z.array(patientListItem), total: z.number().int(), page: z.number(), pageSize: z.number() }),
  ),
});

/** A visit of the patient, in the banner's list of recent and upcoming visits. */
export const patientVisit = z.object({
  sid: z.string(),
  startAt: z.iso.datetime({ offset: true }),
  status: z.string(),
  visitType: z.string(),
  providerName: z.string().nullable(),
});
export type PatientVisit = z.infer<typeof patientVisit>;

/**
 * The current risk score (CMS-HCC V28 RAF of the diagnoses documented this year), or `pending` while
 * the analysis of the patient's latest data has not run: never a score computed from older data.
 */
export const bannerRiskScore = z.discriminatedUnion('status', [
  z.object({ status: z.literal('current'), current: z.number(), potential: z.number() }),
  z.object({ status: z.literal('pending') }),
]);

/** The portrait's banner (spec: name, age, sex, date of birth, MRN, coverage, primary provider, risk score). */
export const patientDemographics = z.object({
  cairnPatientId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Whole years from the date of birth (to the date of death for a deceased patient). */
  age: z.number().int(),
  isDeceased: z.boolean(),
  deceasedDate: isoDate.nullable(),
  /** Administrative sex as given: male, female, other, unknown. */
  gender: z.string(),
  dateOfBirth: isoDate,
  mrn: z.string().nullable(),
  coverages: z.array(z.object({ payer: z.string(), plan: z.string().nullable() })),
  primaryProviderName: z.string().nullable(),
  riskScore: bannerRiskScore,
  /** The current analysis's counts; null while it is pending. */
  counts: z.object({ openSuggestions: z.number(), hccCount: z.number(), openCareGaps: z.number() }).nullable(),
  recentVisits: z.array(patientVisit),
  upcomingVisits: z.array(patientVisit),
});
export type PatientDemographics = z.infer<typeof patientDemographics>;

export const getPatientDemographics = defineEndpoint({
  method: 'POST',
  path: '/getPatientDemographics',
  summary: "The portrait's banner of a patient in scope",
  tags: ['patients'],
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({ cairnPatientId: id }),
  response: resultEnvelope(patientDemographics),
});

/** A visit (its `sid` is the summary id, spec §3) with its patient's banner. */
export const appointmentDetails = z.object({
  appointment: z.object({
    sid: z.string(),
    /** The visit's id in the EHR (`nid`). */
    nid: z.string().nullable(),
    startAt: z.iso.datetime({ offset: true }),
    endAt: z.iso.datetime({ offset: true }).nullable(),
    serviceDate: isoDate,
    status: z.string(),
    visitType: z.string(),
    reason: z.string().nullable(),
    providerId: z.string().nullable(),
    providerName: z.string().nullable(),
    departmentName: z.string().nullable(),
    clinicName: z.string().nullable(),
    /** The EHR encounter's id, once the visit has one. */
    encounterId: z.string().nullable(),
  }),
  patient: patientDemographics,
});
export type AppointmentDetails = z.infer<typeof appointmentDetails>;

const detailsOptions = {
  /** Allows an answer from the server's short cache, which never predates the patient's data. */
  useCache: z.boolean().default(true),
  /** Honoured for admins only (spec §2, §6): answers a cancelled visit or a deceased patient's too. */
  skipValidation: z.boolean().default(false),
};

export const getAppointmentDetails = defineEndpoint({
  method: 'POST',
  path: '/getAppointmentDetails',
  summary: "A visit by its summary id, with its patient's banner",
  tags: ['patients'],
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({ summaryId: id, ...detailsOptions }),
  response: resultEnvelope(appointmentDetails),
});

export const getAppointmentDetailsByNid = defineEndpoint({
  method: 'POST',
  path: '/getAppointmentDetailsByNid',
  summary: "A visit by its id in the EHR (nid), with its patient's banner",
  tags: ['patients'],
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({ nid: z.string().trim().min(1).max(200), ...detailsOptions }),
  response: resultEnvelope(appointmentDetails),
});
