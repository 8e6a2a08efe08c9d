import { getClinicalSummary as getClinicalSummaryEndpoint, getLabTrend as getLabTrendEndpoint } from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { getClinicalSummary, getLabTrend } from './clinical-summary.service';

export function clinicalSummaryRoutes(app: FastifyInstance): void {
  route(app, getClinicalSummaryEndpoint, async ({ body, auth, request }) => ({
    result: await getClinicalSummary(app.database.db, { auth, request, patientId: body.cairnPatientId }),
  }));
  route(app, getLabTrendEndpoint, async ({ body, auth, request }) => ({
    result: await getLabTrend(app.database.db, { auth, request, patientId: body.cairnPatientId, loinc: body.loinc }),
  }));
}
