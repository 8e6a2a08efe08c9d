import {
  addSummaryInsightActions as addSummaryInsightActionsEndpoint,
  addSummaryInsightsAgilonNonDxActions as addSummaryInsightsAgilonNonDxActionsEndpoint,
  draftAssessmentNote as draftAssessmentNoteEndpoint,
  getDxCaptureData as getDxCaptureDataEndpoint,
  getEpicICDFromSID,
  getICDData,
  getICDsFromUnityApi,
  getNoteTemplates as getNoteTemplatesEndpoint,
  getSnomedFromICD,
  push2emrApi,
  pushToEmrPmdToPl,
  updateSummaryInsightStatus as updateSummaryInsightStatusEndpoint,
  updateSummaryInsightsNotes as updateSummaryInsightsNotesEndpoint,
} from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env';
import { route } from '../../lib/route';
import type { AuthContext } from '../../access';
import { openServerSecretBox, type SecretBox } from '../../lib/secret-box';
import { ehrClientForUser } from '../ehr-launch';
import { registerSuggestionEvents } from '../realtime';
import { getDxCaptureData } from './dx-capture.service';
import {
  addSummaryInsightActions,
  updateSummaryInsightStatus,
  updateSummaryInsightsNotes,
} from './dx-decisions.service';
import { getEpicIcdFromSid, getIcdData, getIcdsFromUnityApi, getSnomedFromIcd } from './dx-icd.service';
import { draftAssessmentNote, getNoteTemplates } from './dx-notes.service';
import { addSummaryInsightsAgilonNonDxActions } from './dx-partner-notes.service';
import { pushCartToEncounter, pushCartToProblemList, type PushDeps } from './dx-push.service';

/**
 * The diagnosis workflow (issue 7): the Diagnosis Summary tab, decisions, actions on partner-organisation
 * notes, ICD search, note drafts, and the cart written to the EHR (Add to Encounter, the problem list).
 */
export function dxRoutes(app: FastifyInstance, config: Config): void {
  const db = () => app.database.db;
  let secretBox: Promise<SecretBox> | undefined;
  const ehrDeps = {
    get db() {
      return app.database.db;
    },
    secretBox: () => (secretBox ??= openServerSecretBox(app.database.db, config.encryptionKey)),
    allowLoopbackHttp: config.name !== 'production',
  };
  const ehrClient = async (auth: AuthContext) => (await ehrClientForUser(ehrDeps, auth))?.client;
  const pushDeps: PushDeps = {
    get db() {
      return app.database.db;
    },
    get realtime() {
      return app.realtime;
    },
    ehrClient,
  };
  registerSuggestionEvents(app.database.db, () => app.realtime);

  route(app, getDxCaptureDataEndpoint, async ({ body, auth, request }) => ({
    result: await getDxCaptureData(db(), { auth, request }, body),
  }));
  route(app, addSummaryInsightActionsEndpoint, async ({ body, auth, request }) => ({
    result: await addSummaryInsightActions(db(), app.realtime, { auth, request }, body),
  }));
  route(app, updateSummaryInsightStatusEndpoint, async ({ body, auth, request }) => ({
    result: await updateSummaryInsightStatus(db(), app.realtime, { auth, request }, body),
  }));
  route(app, updateSummaryInsightsNotesEndpoint, async ({ body, auth, request }) => ({
    result: await updateSummaryInsightsNotes(db(), app.realtime, { auth, request }, body),
  }));
  route(app, addSummaryInsightsAgilonNonDxActionsEndpoint, async ({ body, auth, request }) => ({
    result: await addSummaryInsightsAgilonNonDxActions(db(), app.realtime, { auth, request }, body),
  }));
  route(app, getICDData, async ({ body, auth, request }) => ({
    result: await getIcdData(db(), { auth, request }, body),
  }));
  route(app, getSnomedFromICD, async ({ body }) => ({ result: getSnomedFromIcd(body.icdCode) }));
  route(app, getEpicICDFromSID, async ({ body, auth, request }) => ({
    result: await getEpicIcdFromSid(
      db(),
      { auth, request },
      {
        sid: body.sid,
        client: () => ehrClient(auth),
      },
    ),
  }));
  route(app, getICDsFromUnityApi, async ({ body, auth, request }) => ({
    result: await getIcdsFromUnityApi(db(), { auth, request }, body),
  }));
  route(app, push2emrApi, async ({ body, auth, request }) => ({
    result: await pushCartToEncounter(pushDeps, { auth, request }, body),
  }));
  route(app, pushToEmrPmdToPl, async ({ body, auth, request }) => ({
    result: { results: await pushCartToProblemList(pushDeps, { auth, request }, body) },
  }));
  route(app, getNoteTemplatesEndpoint, async () => ({ result: getNoteTemplates() }));
  route(app, draftAssessmentNoteEndpoint, async ({ body, auth, request }) => ({
    result: await draftAssessmentNote(db(), { auth, request }, body),
  }));
}
