import {
  exportCostPatients,
  exportPopulationStays,
  exportTransitionalCare,
  getAdmissionsSummary,
  getCostPatients,
  getCostSummary,
  getPopulationStays,
  getTransitionalCare,
} from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import {
  exportCostPatientList,
  exportStays,
  exportTransitionalCareList,
  getAdmissions,
  getCost,
  getCostPatientsPage,
  getStaysPage,
  getTransitionalCarePage,
} from './population.service';

/** Population health (issue 20): admissions and emergency visits, transitional care, and cost, with their drill-downs. */
export function populationRoutes(app: FastifyInstance): void {
  const db = () => app.database.db;
  route(app, getAdmissionsSummary, async ({ body, auth, request }) => ({
    result: await getAdmissions(db(), { auth, request }, body),
  }));
  route(app, getPopulationStays, async ({ body, auth, request }) => ({
    result: await getStaysPage(db(), { auth, request }, body),
  }));
  route(app, exportPopulationStays, async ({ body, auth, request }) => ({
    result: await exportStays(db(), { auth, request }, body),
  }));
  route(app, getTransitionalCare, async ({ body, auth, request }) => ({
    result: await getTransitionalCarePage(db(), { auth, request }, body),
  }));
  route(app, exportTransitionalCare, async ({ body, auth, request }) => ({
    result: await exportTransitionalCareList(db(), { auth, request }, body),
  }));
  route(app, getCostSummary, async ({ body, auth, request }) => ({
    result: await getCost(db(), { auth, request }, body),
  }));
  route(app, getCostPatients, async ({ body, auth, request }) => ({
    result: await getCostPatientsPage(db(), { auth, request }, body),
  }));
  route(app, exportCostPatients, async ({ body, auth, request }) => ({
    result: await exportCostPatientList(db(), { auth, request }, body),
  }));
}
