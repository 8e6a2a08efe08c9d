import { z } from 'zod';
import { defineEndpoint, type EndpointResponse } from './endpoint';
import { resultEnvelope } from './envelope';

/** Ids are uuids; `guid` accepts any 8-4-4-4-12 hex id (the database's own ids and imported ones). */
const id = z.guid();
const idList = z.array(id).max(500);

/** A day of the schedule, `YYYY-MM-DD` (spec §9). */
export const isoDate = z.iso.date('An isoDate is a calendar day written YYYY-MM-DD');

/**
 * The schedule's filter, a selection in the clinics hierarchy: a visit matches when its clinic, its
 * department or its provider is selected (checking a whole clinic and one provider of another clinic
 * shows both). Absent or empty lists select nothing in particular: every visit in the caller's scope.
 */
export const scheduleFilters = z.strictObject({
  clinicIds: idList.optional(),
  departmentIds: idList.optional(),
  providerIds: idList.optional(),
});
export type ScheduleFilters = z.infer<typeof scheduleFilters>;

/** Text narrowing the day's visits by the patient's name or MRN. */
const patientLookup = z.string().trim().max(100).optional();

export const hierarchyProvider = z.object({ id, name: z.string() });
export const hierarchyDepartment = z.object({ id, name: z.string(), providers: z.array(hierarchyProvider) });
export const hierarchyClinic = z.object({ id, name: z.string(), departments: z.array(hierarchyDepartment) });
export type HierarchyClinic = z.infer<typeof hierarchyClinic>;
export type HierarchyDepartment = z.infer<typeof hierarchyDepartment>;
export type HierarchyProvider = z.infer<typeof hierarchyProvider>;

/** Clinics -> departments -> providers, each level ordered by name. */
export const clinicsHierarchy = z.object({ clinics: z.array(hierarchyClinic) });
export type ClinicsHierarchy = z.infer<typeof clinicsHierarchy>;

/**
 * The counts of the patient's analysis when it matches their current data; `pending` while the data
 * changed since (or was never analysed): stale numbers are never shown.
 */
export const summaryAnalysis = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('current'),
    openSuggestions: z.int(),
    hccCount: z.int(),
    openCareGaps: z.int(),
  }),
  z.object({ status: z.literal('pending') }),
]);
export type SummaryAnalysis = z.infer<typeof summaryAnalysis>;

/** One visit of the day's schedule: its summary (`sid`, the appointment's id) and what the table shows. */
export const scheduleSummary = z.object({
  sid: id,
  cairnPatientId: id,
  cairnAppointmentId: id,
  startAt: z.iso.datetime({ offset: true }),
  patientName: z.string(),
  /** `YYYY-MM-DD`. */
  dateOfBirth: z.string(),
  gender: z.string(),
  mrn: z.string().nullable(),
  visitType: z.string(),
  /** FHIR Appointment.status: booked, arrived, fulfilled, noshow, ... */
  status: z.string(),
  providerId: id.nullable(),
  providerName: z.string().nullable(),
  departmentName: z.string().nullable(),
  clinicName: z.string().nullable(),
  analysis: summaryAnalysis,
});
export type ScheduleSummary = z.infer<typeof scheduleSummary>;

export const getClinicsDepartmentsProviders = defineEndpoint({
  method: 'POST',
  path: '/getClinicsDepartmentsProviders',
  summary: "The organisation's clinics, their departments and the providers in each",
  tags: ['schedule'],
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({}),
  response: resultEnvelope(clinicsHierarchy),
});

export const getUserClinicsHierarchy = defineEndpoint({
  method: 'POST',
  path: '/getUserClinicsHierarchy',
  summary: "The clinics hierarchy the caller may see, and the caller's default schedule filter",
  tags: ['schedule'],
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({}),
  response: resultEnvelope(
    clinicsHierarchy.extend({
      /** The caller's own providers, when the caller is linked to providers; otherwise empty (everyone). */
      defaultFilter: z.object({ providerIds: z.array(id) }),
    }),
  ),
});
export type UserClinicsHierarchy = EndpointResponse<typeof getUserClinicsHierarchy>['result'];

/** The summaries list of spec §7: the day's visits in the caller's scope, ordered by time. */
export const getPermittedZones = defineEndpoint({
  method: 'POST',
  path: '/getPermittedZones',
  summary: "The day's summaries (visits) in the caller's scope, with their analysis counts",
  tags: ['schedule'],
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({
    isoDate,
    filters: scheduleFilters.default({}),
    patientLookup,
    /**
     * Sent by the original client (it chose a QA branch of its data). Cairn has one branch: the flag is
     * accepted and validated so that such clients keep working, and changes nothing.
     */
    qaBranch: z.boolean().optional(),
  }),
  response: resultEnvelope(z.array(scheduleSummary)),
});

export const DEFAULT_SCHEDULE_PAGE_SIZE = 20;

/** The same list, one page at a time, for API users and server-side paging. */
export const getScheduleAppointments = defineEndpoint({
  method: 'POST',
  path: '/getScheduleAppointments',
  summary: "One page of the day's visits in the caller's scope, with the total",
  tags: ['schedule'],
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({
    isoDate,
    filters: scheduleFilters.default({}),
    patientLookup,
    /** 1-based. */
    page: z.int().min(1).max(10_000).default(1),
    pageSize: z.int().min(1).max(200).default(DEFAULT_SCHEDULE_PAGE_SIZE),
  }),
  response: resultEnvelope(
    z.object({ appointments: z.array(scheduleSummary), total: z.int(), page: z.int(), pageSize: z.int() }),
  ),
});

export const adjacentAppointment = z.object({
  sid: id,
  cairnPatientId: id,
  patientName: z.string(),
  startAt: z.iso.datetime({ offset: true }),
});
export type AdjacentAppointment = z.infer<typeof adjacentAppointment>;

/** The previous and next visit of the same day in the caller's filtered, time-ordered schedule. */
export const getAdjacentAppointments = defineEndpoint({
  method: 'POST',
  path: '/getAdjacentAppointments',
  summary: 'The previous and next visit of the same day (the portrait’s previous and next patient)',
  tags: ['schedule'],
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({ sid: id, filters: scheduleFilters.optional() }),
  response: resultEnvelope(
    z.object({ previous: adjacentAppointment.nullable(), next: adjacentAppointment.nullable() }),
  ),
});
