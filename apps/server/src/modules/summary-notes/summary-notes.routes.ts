import {
  addSummaryNote as addSummaryNoteEndpoint,
  getReadyPostVisits as getReadyPostVisitsEndpoint,
  getSummaryNotes as getSummaryNotesEndpoint,
  getSummaryNotifications as getSummaryNotificationsEndpoint,
  updatePostVisitViewed as updatePostVisitViewedEndpoint,
  updateSummaryUpdateViewed as updateSummaryUpdateViewedEndpoint,
} from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import {
  addSummaryNote,
  getReadyPostVisits,
  getSummaryNotes,
  getSummaryNotifications,
  updatePostVisitViewed,
  updateSummaryUpdateViewed,
} from './summary-notes.service';

/** Notes and updates of a visit's summary, and ready post-visit reviews (issue 5 item 9). */
export function summaryNotesRoutes(app: FastifyInstance): void {
  const db = () => app.database.db;
  route(app, addSummaryNoteEndpoint, async ({ body, auth, request }) => ({
    result: await addSummaryNote(db(), { auth, request }, body),
  }));
  route(app, getSummaryNotesEndpoint, async ({ body, auth, request }) => ({
    result: await getSummaryNotes(db(), { auth, request }, body.sid),
  }));
  route(app, getSummaryNotificationsEndpoint, async ({ body, auth, request }) => ({
    result: await getSummaryNotifications(db(), { auth, request }, body.id),
  }));
  route(app, updateSummaryUpdateViewedEndpoint, async ({ body, auth, request }) => ({
    result: await updateSummaryUpdateViewed(db(), { auth, request }, body),
  }));
  route(app, getReadyPostVisitsEndpoint, async ({ auth, request }) => ({
    result: await getReadyPostVisits(db(), { auth, request }),
  }));
  route(app, updatePostVisitViewedEndpoint, async ({ body, auth, request }) => ({
    result: await updatePostVisitViewed(db(), { auth, request }, body),
  }));
}
