import {
  getAdjacentAppointments as getAdjacentAppointmentsEndpoint,
  getClinicsDepartmentsProviders as getClinicsDepartmentsProvidersEndpoint,
  getPermittedZones as getPermittedZonesEndpoint,
  getScheduleAppointments as getScheduleAppointmentsEndpoint,
  getUserClinicsHierarchy as getUserClinicsHierarchyEndpoint,
} from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import {
  getAdjacentAppointments,
  getClinicsDepartmentsProviders,
  getPermittedZones,
  getScheduleAppointments,
  getUserClinicsHierarchy,
} from './schedule.service';

/** The schedule (issue 5 item 4): the clinics hierarchy, the day's summaries list and previous/next visit. */
export function scheduleRoutes(app: FastifyInstance): void {
  const db = app.database.db;
  route(app, getClinicsDepartmentsProvidersEndpoint, async ({ auth }) => ({
    result: await getClinicsDepartmentsProviders(db, auth),
  }));
  route(app, getUserClinicsHierarchyEndpoint, async ({ auth }) => ({
    result: await getUserClinicsHierarchy(db, auth),
  }));
  route(app, getPermittedZonesEndpoint, async ({ body, auth, request }) => ({
    result: await getPermittedZones(db, { auth, request }, body),
  }));
  route(app, getScheduleAppointmentsEndpoint, async ({ body, auth, request }) => ({
    result: await getScheduleAppointments(db, { auth, request }, body),
  }));
  route(app, getAdjacentAppointmentsEndpoint, async ({ body, auth, request }) => ({
    result: await getAdjacentAppointments(db, { auth, request }, body),
  }));
}
