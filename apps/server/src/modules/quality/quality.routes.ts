import {
  exportQualityWorklist,
  getQualityArchive,
  getQualityMeasures,
  getQualityPatients,
  getQualitySatisfactionRate,
  getQualityWorklist,
  setQualityTarget,
} from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { getSatisfactionRate, setTarget } from './quality-rates.service';
import { exportWorklist, getArchivePage, getMeasures, getPatientsPage, getWorklistPage } from './quality.service';

/** The Quality Workspace (issue 19): its worklist and export, measures, patients, archive, and rates with their targets. */
export function qualityRoutes(app: FastifyInstance): void {
  const db = () => app.database.db;
  route(app, getQualityWorklist, async ({ body, auth, request }) => ({
    result: await getWorklistPage(db(), { auth, request }, body),
  }));
  route(app, exportQualityWorklist, async ({ body, auth, request }) => ({
    result: await exportWorklist(db(), { auth, request }, body),
  }));
  route(app, getQualityMeasures, async ({ auth, request }) => ({ result: await getMeasures(db(), { auth, request }) }));
  route(app, getQualityPatients, async ({ body, auth, request }) => ({
    result: await getPatientsPage(db(), { auth, request }, body),
  }));
  route(app, getQualityArchive, async ({ body, auth, request }) => ({
    result: await getArchivePage(db(), { auth, request }, body),
  }));
  route(app, getQualitySatisfactionRate, async ({ body, auth, request }) => ({
    result: await getSatisfactionRate(db(), { auth, request }, body),
  }));
  route(app, setQualityTarget, async ({ body, auth, request }) => ({
    result: await setTarget(db(), { auth, request }, body),
  }));
}
