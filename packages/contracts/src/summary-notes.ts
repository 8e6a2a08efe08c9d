import { z } from 'zod';
import { defineEndpoint, type EndpointResponse } from './endpoint';
import { resultEnvelope } from './envelope';

/**
 * Notes and updates of a visit's summary (spec §7): a summary is one visit, and its id `sid` is the
 * appointment's id.
 */

const id = z.guid();
const tags = ['summary-notes'];

export const SUMMARY_NOTE_MAX_LENGTH = 4000;

export const summaryNote = z.object({
  id,
  note: z.string(),
  /** The author's display name (first and last name, or username). */
  authorName: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type SummaryNote = z.infer<typeof summaryNote>;

export const addSummaryNote = defineEndpoint({
  method: 'POST',
  path: '/addSummaryNote',
  summary: "Add a note to a visit's summary",
  tags,
  auth: 'user',
  writes: 'patient_data',
  v2: true,
  body: z.strictObject({
    sid: id,
    note: z
      .string()
      .trim()
      .min(1, 'A note cannot be empty')
      .max(SUMMARY_NOTE_MAX_LENGTH, `A note is at most ${String(SUMMARY_NOTE_MAX_LENGTH)} characters`),
  }),
  response: resultEnvelope(summaryNote),
});

export const getSummaryNotes = defineEndpoint({
  method: 'POST',
  path: '/getSummaryNotes',
  summary: "The notes of a visit's summary, newest first",
  tags,
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({ sid: id }),
  response: resultEnvelope(z.array(summaryNote)),
});

/** new-data, suggestions-changed or note-added. */
export const summaryUpdateKind = z.enum(['new-data', 'suggestions-changed', 'note-added']);

export const summaryNotification = z.object({
  id,
  kind: summaryUpdateKind,
  message: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Whether the caller marked it read. */
  isRead: z.boolean(),
});
export type SummaryNotification = z.infer<typeof summaryNotification>;

export const getSummaryNotifications = defineEndpoint({
  method: 'POST',
  path: '/getSummaryNotifications',
  summary: "What changed on a visit's summary (id is the summary's sid), newest first",
  tags,
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({ id }),
  response: resultEnvelope(z.array(summaryNotification)),
});

export const updateSummaryUpdateViewed = defineEndpoint({
  method: 'POST',
  path: '/updateSummaryUpdateViewed',
  summary: "Mark one of a summary's updates read or unread for the caller",
  tags,
  auth: 'user',
  writes: 'own_account',
  v2: true,
  body: z.strictObject({ sid: id, summaryUpdateId: id, isRead: z.boolean() }),
  response: resultEnvelope(z.boolean()),
});

export const readyPostVisit = z.object({
  sid: id,
  cairnPatientId: id,
  patientName: z.string(),
  /** The visit's day, `YYYY-MM-DD`. */
  visitDate: z.string(),
  startAt: z.iso.datetime({ offset: true }),
  /** "Maya Rivera, MD"; null when the visit has no provider. */
  providerName: z.string().nullable(),
  readyAt: z.iso.datetime({ offset: true }),
});
export type ReadyPostVisit = z.infer<typeof readyPostVisit>;

export const getReadyPostVisits = defineEndpoint({
  method: 'POST',
  path: '/getReadyPostVisits',
  summary: "The caller's visits whose post-visit review is ready and not yet viewed, newest first",
  tags,
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({}),
  response: resultEnvelope(z.array(readyPostVisit)),
});

export const updatePostVisitViewed = defineEndpoint({
  method: 'POST',
  path: '/updatePostVisitViewed',
  summary: "Mark a visit's post-visit review viewed (and done by the provider)",
  tags,
  auth: 'user',
  writes: 'own_account',
  v2: true,
  body: z.strictObject({ sid: id, isDoneByProvider: z.boolean() }),
  response: resultEnvelope(z.boolean()),
});

export type SummaryNotesResult = EndpointResponse<typeof getSummaryNotes>['result'];
export type SummaryNotificationsResult = EndpointResponse<typeof getSummaryNotifications>['result'];
export type ReadyPostVisitsResult = EndpointResponse<typeof getReadyPostVisits>['result'];
