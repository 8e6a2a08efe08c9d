import {
  getAppointmentDetails as getAppointmentDetailsEndpoint,
  getAppointmentDetailsByNid as getAppointmentDetailsByNidEndpoint,
  getPatientDemographics as getPatientDemographicsEndpoint,
  getPatientLookup as getPatientLookupEndpoint,
  getPatients as getPatientsEndpoint,
} from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { BannerCache } from './banner-cache';
import { getAppointmentDetails, getPatientDemographics, listPatientsPage, lookupPatients } from './patients.service';

/** Patient lookup and the portrait's banner and visit details (issue 5 items 5 and 6). */
export function patientsRoutes(app: FastifyInstance): void {
  const db = () => app.database.db;
  const cache = new BannerCache();
  route(app, getPatientLookupEndpoint, async ({ body, auth, request }) => ({
    result: await lookupPatients(db(), { auth, request }, body.searchText),
  }));
  route(app, getPatientsEndpoint, async ({ body, auth, request }) => ({
    result: await listPatientsPage(db(), { auth, request }, body),
  }));
  route(app, getPatientDemographicsEndpoint, async ({ body, auth, request }) => ({
    result: await getPatientDemographics(db(), { auth, request }, body.cairnPatientId),
  }));
  route(app, getAppointmentDetailsEndpoint, async ({ body, auth, request }) => ({
    result: await getAppointmentDetails(db(), { auth, request }, { ...body, by: { sid: body.summaryId }, cache }),
  }));
  route(app, getAppointmentDetailsByNidEndpoint, async ({ body, auth, request }) => ({
    result: await getAppointmentDetails(db(), { auth, request }, { ...body, by: { nid: body.nid }, cache }),
  }));
}
