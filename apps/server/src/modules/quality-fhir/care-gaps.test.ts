import { checkCareGapsAnswer } from '@cairn/clinical/deqm/testing';
import type { Bundle, DetectedIssue, MeasureReport, OperationOutcome, Parameters, Patient } from 'fhir/r4';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { nextClientAddress, tokenFor } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { createCareTeam, linkUserToProvider } from '../../testing/clinical-factories';
import {
  createHypertensivePatient,
  getCareGaps,
  qualityLeadOf,
  setQualityWorkspace,
  storeMeasureReports,
} from '../../testing/care-gaps-fhir';

let test: TestApp;
let organisationId: string;
let otherOrganisationId: string;
let headers: Record<string, string>;
const patients = { open: '', closed: '', notInMeasure: '', stranger: '' };
let openMrn = '';

beforeAll(async () => {
  test = await buildTestApp();
  const db = test.app.database.db;
  organisationId = (await createOrganisation(db, 'Lakeside Primary Care')).id;
  otherOrganisationId = (await createOrganisation(db, 'Hillcrest Clinic')).id;
  await setQualityWorkspace(db, organisationId, true);
  const open = await createHypertensivePatient(db, { organisationId, lastName: 'Open', bloodPressure: [150, 95] });
  const closed = await createHypertensivePatient(db, { organisationId, lastName: 'Closed', bloodPressure: [128, 78] });
  const young = await createHypertensivePatient(db, {
    organisationId,
    birthDate: '2010-01-01',
    bloodPressure: [150, 95],
  });
  const stranger = await createHypertensivePatient(db, {
    organisationId: otherOrganisationId,
    bloodPressure: [150, 95],
  });
  Object.assign(patients, { open: open.id, closed: closed.id, notInMeasure: young.id, stranger: stranger.id });
  openMrn = open.mrn ?? '';
  await storeMeasureReports(db, { organisationId, patientIds: [open.id, closed.id, young.id] });
  await storeMeasureReports(db, { organisationId: otherOrganisationId, patientIds: [stranger.id] });
  headers = { token: (await qualityLeadOf(test.app, organisationId)).token };
}, 180_000);
afterAll(async () => {
  await test.app.close();
});

const period = 'periodStart=2025-01-01&periodEnd=2025-12-31';
const bothStatuses = 'status=open-gap&status=closed-gap';

function bundlesOf(answer: Parameters): Bundle[] {
  return (answer.parameter ?? []).map((part) => part.resource as Bundle);
}

function resourcesOf<T>(bundle: Bundle | undefined, type: string): T[] {
  return (bundle?.entry ?? []).flatMap((entry) => (entry.resource?.resourceType === type ? [entry.resource as T] : []));
}

const gapStatusOf = (issue: DetectedIssue | undefined): string | undefined =>
  issue?.modifierExtension?.[0]?.valueCodeableConcept?.coding?.[0]?.code;

function outcomeOf(body: string): { code: string; expression?: string[]; diagnostics?: string }[] {
  const outcome = JSON.parse(body) as OperationOutcome;
  expect(outcome.resourceType).toBe('OperationOutcome');
  return outcome.issue.map(({ code, expression, diagnostics }) => ({ code, expression, diagnostics }));
}

describe('Measure/$care-gaps for a subject', () => {
  it('answers an open CMS165 gap as a DEQM gaps-in-care Bundle that meets FHIR R4 and the DEQM STU4 profiles', async () => {
    const response = await getCareGaps(test.app, {
      query: `${period}&subject=Patient/${patients.open}&${bothStatuses}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    const answer = response.json<Parameters>();
    expect(checkCareGapsAnswer(answer)).toEqual([]);
    const [bundle] = bundlesOf(answer);
    expect(bundlesOf(answer)).toHaveLength(1);
    expect(gapStatusOf(resourcesOf<DetectedIssue>(bundle, 'DetectedIssue')[0])).toBe('open-gap');
    const [report] = resourcesOf<MeasureReport>(bundle, 'MeasureReport');
    expect(report?.measure).toMatch(/^https:\/\/madie\.cms\.gov\/Measure\/ControllingHighBloodPressureFHIR\|/);
    expect(report?.reporter?.reference).toBe(`Organization/${organisationId}`);
    expect(report?.evaluatedResource?.map((reference) => reference.reference?.split('/')[0]).sort()).toEqual(
      expect.arrayContaining(['Condition', 'Encounter', 'Observation', 'Patient']),
    );
    const [patient] = resourcesOf<Patient>(bundle, 'Patient');
    expect(patient?.id).toBe(patients.open);
    expect(patient?.name?.[0]?.family).toBe('Open');
    expect(patient?.identifier?.some((identifier) => identifier.value === openMrn)).toBe(true);
    expect(bundle?.entry?.[0]?.fullUrl).toMatch(/^http:\/\/.+\/api\/fhir\/Composition\//);
  });

  it('takes the same parameters as a FHIR Parameters resource by POST', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/fhir/Measure/$care-gaps',
      headers: { ...headers, 'content-type': 'application/fhir+json' },
      remoteAddress: nextClientAddress(),
      payload: {
        resourceType: 'Parameters',
        parameter: [
          { name: 'periodStart', valueDate: '2025-01-01' },
          { name: 'periodEnd', valueDate: '2025-12-31' },
          { name: 'subject', valueString: `Patient/${patients.closed}` },
          { name: 'status', valueCode: 'closed-gap' },
          { name: 'measureId', valueId: 'CMS165' },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const [bundle] = bundlesOf(response.json<Parameters>());
    expect(gapStatusOf(resourcesOf<DetectedIssue>(bundle, 'DetectedIssue')[0])).toBe('closed-gap');
    expect(checkCareGapsAnswer(response.json<Parameters>())).toEqual([]);
  });

  it('reports the controlled blood pressure as a closed gap, and nothing when only open gaps are asked for', async () => {
    const closed = await getCareGaps(test.app, {
      query: `${period}&subject=Patient/${patients.closed}&${bothStatuses}`,
      headers,
    });
    const [bundle] = bundlesOf(closed.json<Parameters>());
    expect(gapStatusOf(resourcesOf<DetectedIssue>(bundle, 'DetectedIssue')[0])).toBe('closed-gap');
    const openOnly = await getCareGaps(test.app, {
      query: `${period}&subject=Patient/${patients.closed}&status=open-gap`,
      headers,
    });
    expect(openOnly.statusCode).toBe(200);
    expect(openOnly.json<Parameters>()).toEqual({ resourceType: 'Parameters' });
  });

  it('finds the patient by their MRN, as a conditional reference', async () => {
    const response = await getCareGaps(test.app, {
      query: `${period}&subject=${encodeURIComponent(`Patient?identifier=${openMrn}`)}&status=open-gap`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    const [bundle] = bundlesOf(response.json<Parameters>());
    expect(resourcesOf<Patient>(bundle, 'Patient')[0]?.id).toBe(patients.open);
  });

  it('keeps to the measures asked for, by id, identifier or URL with its version', async () => {
    const asked = async (filter: string): Promise<number> =>
      bundlesOf(
        (
          await getCareGaps(test.app, {
            query: `${period}&subject=Patient/${patients.open}&status=open-gap&${filter}`,
            headers,
          })
        ).json(),
      ).length;
    expect(await asked('measureId=ControllingHighBloodPressureFHIR')).toBe(1);
    expect(await asked('measureIdentifier=CMS165FHIR')).toBe(1);
    expect(await asked('measureId=CMS122')).toBe(0);
    const url = 'https://madie.cms.gov/Measure/ControllingHighBloodPressureFHIR';
    expect(await asked(`measureUrl=${encodeURIComponent(`${url}|0.0.0`)}`)).toBe(0);
    expect(await asked(`measureUrl=${encodeURIComponent(url)}`)).toBe(1);
  });

  it('answers no Bundle for a period the stored reports do not lie within', async () => {
    const response = await getCareGaps(test.app, {
      query: `periodStart=2025-01-01&periodEnd=2025-06-30&subject=Patient/${patients.open}&status=open-gap`,
      headers,
    });
    expect(response.json<Parameters>()).toEqual({ resourceType: 'Parameters' });
  });
});

describe('Measure/$care-gaps for the organization', () => {
  it("answers each of the organisation's patients with a gap, a page at a time, with the next page in a Link", async () => {
    const query = `${period}&organization=Organization/${organisationId}&${bothStatuses}`;
    const first = await getCareGaps(test.app, { query: `${query}&_count=1`, headers });
    expect(first.statusCode).toBe(200);
    expect(first.headers.link).toMatch(/_offset=1.*>; rel="next"$/);
    const all = await getCareGaps(test.app, { query, headers });
    const answer = all.json<Parameters>();
    expect(checkCareGapsAnswer(answer)).toEqual([]);
    const subjects = bundlesOf(answer).map((bundle) => resourcesOf<Patient>(bundle, 'Patient')[0]?.id);
    expect(subjects.sort()).toEqual([patients.open, patients.closed].sort());
    expect(all.headers.link).toBeUndefined();
    const open = await getCareGaps(test.app, {
      query: `${period}&organization=Organization/${organisationId}&status=open-gap`,
      headers,
    });
    expect(bundlesOf(open.json()).map((bundle) => resourcesOf<Patient>(bundle, 'Patient')[0]?.id)).toEqual([
      patients.open,
    ]);
  });

  it('does not answer for another organisation, nor show its patients', async () => {
    const other = await getCareGaps(test.app, {
      query: `${period}&organization=Organization/${otherOrganisationId}&status=open-gap`,
      headers,
    });
    expect(other.statusCode).toBe(404);
    expect(outcomeOf(other.body)).toEqual([
      expect.objectContaining({ code: 'not-found', expression: ['organization'] }),
    ]);
    const stranger = await getCareGaps(test.app, {
      query: `${period}&subject=Patient/${patients.stranger}&status=open-gap`,
      headers,
    });
    const missing = await getCareGaps(test.app, {
      query: `${period}&subject=Patient/6f1c2b9a-3d4e-4f5a-8b6c-7d8e9fa0b1c2&status=open-gap`,
      headers,
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).toBe(missing.body);
  });
});

describe('Measure/$care-gaps refuses what it cannot answer', () => {
  it.each([
    ['periodEnd=2025-12-31&subject=Patient/x&status=open-gap', 'periodStart', 'required'],
    ['periodStart=2025-01-01&periodEnd=2025-02-30&subject=Patient/x&status=open-gap', 'periodEnd', 'invalid'],
    ['periodStart=2025-06-01&periodEnd=2025-01-01&subject=Patient/x&status=open-gap', 'periodEnd', 'invalid'],
    [`${period}&subject=Patient/x`, 'status', 'required'],
    [`${period}&subject=Patient/x&status=maybe-gap`, 'status', 'invalid'],
    [`${period}&status=open-gap`, 'subject', 'invalid'],
    [`${period}&subject=Patient/x&organization=Organization/y&status=open-gap`, 'subject', 'invalid'],
    [`${period}&subject=Group/1&status=open-gap`, 'subject', 'not-supported'],
    [`${period}&subject=Patient/x&status=open-gap&topic=screening`, 'topic', 'not-supported'],
    [`${period}&subject=Patient/x&status=open-gap&measureId=CMS999`, 'measureId', 'invalid'],
    [`${period}&organization=Organization/x&status=open-gap&_count=1000`, '_count', 'invalid'],
  ])('answers 400 for %s, naming %s', async (query, parameter, code) => {
    const response = await getCareGaps(test.app, { query, headers });
    expect(response.statusCode).toBe(400);
    expect(outcomeOf(response.body)).toEqual(
      expect.arrayContaining([expect.objectContaining({ code, expression: [parameter] })]),
    );
  });

  it('answers 400 to a POST whose body is not a Parameters resource, and 404 to an interaction it does not have', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/fhir/Measure/$care-gaps',
      headers: { ...headers, 'content-type': 'application/fhir+json' },
      payload: { resourceType: 'Patient' },
      remoteAddress: nextClientAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(outcomeOf(response.body)[0]?.expression).toEqual(['Parameters']);
    const unknown = await test.app.inject({ method: 'GET', url: '/api/fhir/Patient/1', headers });
    expect(unknown.statusCode).toBe(404);
    expect(outcomeOf(unknown.body)[0]?.code).toBe('not-supported');
  });
});

describe('who may read care gaps as FHIR', () => {
  const query = () => `${period}&subject=Patient/${patients.open}&status=open-gap`;

  it('refuses a call without a token (401) and a user without quality_tool or without the Quality Workspace (403)', async () => {
    const anonymous = await getCareGaps(test.app, { query: query(), headers: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toMatch(/^Bearer/);
    const provider = await tokenFor(test.app, { organisationId, permissions: [] });
    expect((await getCareGaps(test.app, { query: query(), headers: { token: provider.token } })).statusCode).toBe(403);
    const elsewhere = await createOrganisation(test.app.database.db);
    const lead = await qualityLeadOf(test.app, elsewhere.id);
    const withoutWorkspace = await getCareGaps(test.app, { query: query(), headers: { token: lead.token } });
    expect(withoutWorkspace.statusCode).toBe(403);
    expect(outcomeOf(withoutWorkspace.body)[0]?.code).toBe('forbidden');
  });

  it('lets an admin read without the Quality Workspace flag, and an SSO user by Bearer on /api/v2/fhir', async () => {
    const admin = await tokenFor(test.app, { organisationId, isAdmin: true });
    const response = await getCareGaps(test.app, {
      query: query(),
      headers: { authorization: `Bearer ${admin.token}` },
      path: '/api/v2/fhir',
    });
    expect(response.statusCode).toBe(200);
    expect(bundlesOf(response.json())[0]?.entry?.[0]?.fullUrl).toMatch(/\/api\/v2\/fhir\/Composition\//);
  });

  it("keeps a provider to their own patients: another provider's patient is not found", async () => {
    const db = test.app.database.db;
    const team = await createCareTeam(db, { organisationId });
    const provider = await tokenFor(test.app, { organisationId, view: 'Provider', permissions: ['quality_tool'] });
    await linkUserToProvider(db, provider.user.id, team.provider.id);
    const response = await getCareGaps(test.app, { query: query(), headers: { token: provider.token } });
    expect(response.statusCode).toBe(404);
  });

  it('answers 429 as an OperationOutcome past 60 calls a minute from one address', async () => {
    const remoteAddress = nextClientAddress();
    const statuses: number[] = [];
    for (let count = 0; count < 60; count += 1) {
      statuses.push((await getCareGaps(test.app, { query: query(), headers: {}, remoteAddress })).statusCode);
    }
    expect(statuses.every((status) => status === 401)).toBe(true);
    const refused = await getCareGaps(test.app, { query: query(), headers, remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(outcomeOf(refused.body)[0]?.code).toBe('throttled');
  });

  it('audits one patient.read per patient whose gaps are answered, naming the operation', async () => {
    const lead = await qualityLeadOf(test.app, organisationId);
    await getCareGaps(test.app, {
      query: `${period}&organization=Organization/${organisationId}&${bothStatuses}`,
      headers: { token: lead.token },
    });
    const rows = await test.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, lead.user.id), eq(auditLog.action, 'patient.read')));
    expect(rows.map((row) => row.patientId).sort()).toEqual([patients.open, patients.closed].sort());
    expect(rows[0]?.details).toMatchObject({ what: 'Measure/$care-gaps', measureIds: ['CMS165'] });
  });
});
