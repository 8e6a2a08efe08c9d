import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { claims, encounters } from '../../db/clinical-schema';
import { runMigrations } from '../../db/migrate';
import { openTestDatabase } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { importBundle } from './ingestion.service';
import { syntheaFixtures } from './synthea-fixtures';

let database: Database;
let organisationId: string;

const BLUE_BUTTON = 'https://bluebutton.cms.gov/resources/variables/';
const adjudication = (variable: string, value: number) => ({
  category: {
    coding: [
      { system: 'https://bluebutton.cms.gov/resources/codesystem/adjudication', code: `${BLUE_BUTTON}${variable}` },
    ],
  },
  amount: { value, currency: 'USD' },
});
const patient = { resourceType: 'Patient', id: 'p1', name: [{ family: 'Ada' }], birthDate: '1950-01-01' };
const stay = {
  resourceType: 'Encounter',
  id: 'stay',
  status: 'finished',
  class: { code: 'IMP' },
  subject: { reference: 'Patient/p1' },
  period: { start: '2026-03-02T09:00:00-05:00', end: '2026-03-06T12:00:00-05:00' },
};
const claim = {
  resourceType: 'Claim',
  id: 'claim-1',
  type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'institutional' }] },
  patient: { reference: 'Patient/p1' },
  billablePeriod: { start: '2026-03-02', end: '2026-03-06' },
  diagnosis: [
    {
      sequence: 1,
      diagnosisCodeableConcept: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'I50.23' }] },
    },
  ],
  item: [{ sequence: 1, encounter: [{ reference: 'Encounter/stay' }], net: { value: 41_000, currency: 'USD' } }],
  total: { value: 41_000, currency: 'USD' },
};
const explanation = {
  ...claim,
  resourceType: 'ExplanationOfBenefit',
  id: 'eob-1',
  claim: { reference: 'Claim/claim-1' },
  diagnosis: [
    {
      sequence: 2,
      diagnosisCodeableConcept: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'N17.9' }] },
    },
    {
      sequence: 1,
      type: [{ coding: [{ code: 'principal' }] }],
      diagnosisCodeableConcept: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'I50.23' }] },
    },
  ],
  item: [
    {
      sequence: 1,
      encounter: [{ reference: 'Encounter/stay' }],
      adjudication: [
        adjudication('line_sbmtd_chrg_amt', 30_000),
        adjudication('line_alowd_chrg_amt', 18_500.5),
        adjudication('line_prvdr_pmt_amt', 14_800.4),
      ],
    },
    {
      sequence: 2,
      adjudication: [
        adjudication('line_sbmtd_chrg_amt', 11_000),
        adjudication('line_alowd_chrg_amt', 6_000),
        adjudication('line_prvdr_pmt_amt', 4_800),
      ],
    },
  ],
  total: [{ category: { coding: [{ code: 'submitted' }] }, amount: { value: 41_000, currency: 'USD' } }],
  payment: { amount: { value: 1, currency: 'USD' } },
};
const pharmacy = {
  resourceType: 'ExplanationOfBenefit',
  id: 'eob-rx',
  type: { coding: [{ code: 'pharmacy' }] },
  patient: { reference: 'Patient/p1' },
  billablePeriod: { start: '2026-04-01' },
  total: [
    { category: { coding: [{ code: 'eligible' }] }, amount: { value: 320, currency: 'USD' } },
    { category: { coding: [{ code: 'benefit' }] }, amount: { value: 290, currency: 'USD' } },
  ],
};

beforeAll(async () => {
  database = await openTestDatabase();
  await runMigrations(database);
  organisationId = (await createOrganisation(database.db)).id;
});
afterAll(async () => {
  await database.close();
});

async function claimRows(ofOrganisation: string) {
  return database.db.select().from(claims).where(eq(claims.organisationId, ofOrganisation));
}

describe('importing claims with their amounts', () => {
  it('keeps what a Claim billed and what its ExplanationOfBenefit allowed and paid, by line, with the stay it was for', async () => {
    const bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [patient, stay, claim, explanation, pharmacy].map((resource) => ({ resource })),
    };
    const result = await importBundle(database.db, { organisationId, source: 'EHR', bundle });
    expect(result.rejected).toEqual([]);
    const [stayRow] = await database.db.select().from(encounters).where(eq(encounters.organisationId, organisationId));
    const rows = await claimRows(organisationId);
    const bySource = Object.fromEntries(rows.map((row) => [row.sourceId, row]));
    expect(bySource['claim-1']).toMatchObject({
      resourceType: 'Claim',
      claimType: 'institutional',
      serviceCategory: 'inpatient',
      serviceStart: '2026-03-02',
      serviceEnd: '2026-03-06',
      principalIcd: 'I5023',
      billed: 41_000,
      allowed: null,
      paid: null,
      encounterId: stayRow?.id,
    });
    expect(bySource['eob-1']).toMatchObject({
      resourceType: 'ExplanationOfBenefit',
      claimSourceId: 'claim-1',
      serviceCategory: 'inpatient',
      principalIcd: 'I5023',
      billed: 41_000,
      allowed: 24_500.5,
      paid: 19_600.4,
    });
    expect(bySource['eob-rx']).toMatchObject({
      serviceCategory: 'pharmacy',
      allowed: 320,
      paid: 290,
      encounterId: null,
    });
  });

  it('reads every Synthea claim: one row per Claim and ExplanationOfBenefit, allowed never above billed', async () => {
    const other = await createOrganisation(database.db);
    const fixtures = syntheaFixtures().slice(0, 3);
    let expected = 0;
    for (const { bundle, readmeCounts } of fixtures) {
      await importBundle(database.db, { organisationId: other.id, source: 'EHR', bundle });
      expected += (readmeCounts.Claim ?? 0) + (readmeCounts.ExplanationOfBenefit ?? 0);
    }
    const rows = await claimRows(other.id);
    expect(rows).toHaveLength(expected);
    const explanations = rows.filter((row) => row.resourceType === 'ExplanationOfBenefit');
    expect(explanations.length).toBeGreaterThan(0);
    for (const row of explanations) {
      expect(row.claimSourceId).not.toBeNull();
      if (row.allowed !== null && row.billed !== null) expect(row.allowed).toBeLessThanOrEqual(row.billed);
    }
    expect(new Set(rows.map((row) => row.serviceCategory))).toContain('professional');
  });
});
