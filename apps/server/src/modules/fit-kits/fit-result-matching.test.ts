import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { fitKits } from '../../db/clinical-schema';
import { runMigrations } from '../../db/migrate';
import { serverPath } from '../../lib/server-path';
import { openTestDatabase } from '../../testing/build-test-app';
import { createPatient } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';
import { createFitBatchRow } from '../../testing/fit-factories';
import { importBundle } from '../ingestion';
import { FIT_RESULT_CODES } from './fit-result-codes';
import { readFitResult } from './fit-result-reading';

let database: Database;
let organisationId: string;
const db = () => database.db;

beforeAll(async () => {
  database = await openTestDatabase();
  await runMigrations(database);
  organisationId = (await createOrganisation(db())).id;
});
afterAll(async () => {
  await database.close();
});

/** A lab's FIT result as an EHR sends it. */
function fitObservation(options: { id: string; patientSourceId: string; on: string; loinc?: string; answer?: string }) {
  const answers: Record<string, { code: string; display: string }> = {
    positive: { code: '10828004', display: 'Positive' },
    negative: { code: '260385009', display: 'Negative' },
  };
  const answer = answers[options.answer ?? 'negative'];
  return {
    resourceType: 'Observation',
    id: options.id,
    status: 'final',
    code: { coding: [{ system: 'http://loinc.org', code: options.loinc ?? '29771-3' }] },
    subject: { reference: `Patient/${options.patientSourceId}` },
    effectiveDateTime: options.on,
    ...(answer
      ? { valueCodeableConcept: { coding: [{ system: 'http://snomed.info/sct', ...answer }], text: answer.display } }
      : { valueString: options.answer }),
  };
}

async function kitOf(kitId: string) {
  const [kit] = await db().select().from(fitKits).where(eq(fitKits.id, kitId));
  return kit;
}

describe('a FIT result arriving in the record results its kit', () => {
  it('results the kit a result collected after mailing answers, by any import, once', async () => {
    const patient = await createPatient(db(), { organisationId });
    const { kits } = await createFitBatchRow(db(), {
      organisationId,
      patientIds: [patient.id],
      mailedOn: '2026-05-04',
    });
    const kitId = kits[0]?.id ?? '';
    const bundle = (entries: unknown[]) => ({
      resourceType: 'Bundle',
      type: 'collection',
      entry: entries.map((resource) => ({ resource })),
    });

    // Collected before the kit was mailed: another test, not this kit's.
    await importBundle(db(), {
      organisationId,
      source: 'EHR',
      bundle: bundle([fitObservation({ id: 'older', patientSourceId: patient.sourceId, on: '2026-04-01' })]),
    });
    expect(await kitOf(kitId)).toMatchObject({ status: 'mailed', observationId: null });

    await importBundle(db(), {
      organisationId,
      source: 'EHR',
      bundle: bundle([
        fitObservation({ id: 'kit', patientSourceId: patient.sourceId, on: '2026-05-20', answer: 'positive' }),
      ]),
    });
    const resulted = await kitOf(kitId);
    expect(resulted).toMatchObject({
      status: 'resulted',
      resultedOn: '2026-05-20',
      result: 'positive',
      resultText: 'Positive',
    });
    expect(resulted?.statusChangedBy).toBeNull();

    // The same result again, and a later one: the kit keeps the result it had.
    await importBundle(db(), {
      organisationId,
      source: 'EHR',
      bundle: bundle([
        fitObservation({ id: 'kit', patientSourceId: patient.sourceId, on: '2026-05-20', answer: 'positive' }),
        fitObservation({ id: 'later', patientSourceId: patient.sourceId, on: '2026-06-02' }),
      ]),
    });
    expect(await kitOf(kitId)).toMatchObject({ observationId: resulted?.observationId, result: 'positive' });
  });

  it('leaves a declined kit, another test and a result without a value alone', async () => {
    const patient = await createPatient(db(), { organisationId });
    const declined = await createFitBatchRow(db(), { organisationId, patientIds: [patient.id], status: 'declined' });
    const other = await createPatient(db(), { organisationId });
    const mailed = await createFitBatchRow(db(), { organisationId, patientIds: [other.id] });
    const withoutValue: Record<string, unknown> = {
      ...fitObservation({ id: 'no-value', patientSourceId: other.sourceId, on: '2026-05-21' }),
    };
    delete withoutValue.valueCodeableConcept;
    await importBundle(db(), {
      organisationId,
      source: 'EHR',
      bundle: {
        resourceType: 'Bundle',
        type: 'collection',
        entry: [
          { resource: fitObservation({ id: 'declined', patientSourceId: patient.sourceId, on: '2026-05-20' }) },
          // HbA1c: not a stool test.
          {
            resource: fitObservation({ id: 'a1c', patientSourceId: other.sourceId, on: '2026-05-20', loinc: '4548-4' }),
          },
          { resource: withoutValue },
        ],
      },
    });
    expect((await kitOf(declined.kits[0]?.id ?? ''))?.status).toBe('declined');
    expect((await kitOf(mailed.kits[0]?.id ?? ''))?.status).toBe('mailed');
  });

  it("answers each patient's result to their own latest kit mailed before it", async () => {
    const patient = await createPatient(db(), { organisationId });
    const spring = await createFitBatchRow(db(), {
      organisationId,
      patientIds: [patient.id],
      mailedOn: '2026-03-02',
      status: 'lost',
    });
    const summer = await createFitBatchRow(db(), { organisationId, patientIds: [patient.id], mailedOn: '2026-07-01' });
    await importBundle(db(), {
      organisationId,
      source: 'EHR',
      bundle: fitObservation({
        id: 'july',
        patientSourceId: patient.sourceId,
        on: '2026-07-15',
        answer: 'Indeterminate',
      }),
    });
    expect(await kitOf(summer.kits[0]?.id ?? '')).toMatchObject({
      status: 'resulted',
      result: null,
      resultText: 'Indeterminate',
    });
    expect((await kitOf(spring.kits[0]?.id ?? ''))?.status).toBe('lost');
  });
});

describe('reading a FIT result', () => {
  const reported = { value: null, unit: null, valueCode: null, valueText: null, interpretation: null };
  it('reads coded answers, words and interpretation flags', () => {
    expect(readFitResult({ ...reported, valueCode: 'LA6577-6' })).toBe('negative');
    expect(readFitResult({ ...reported, valueText: ' Not  detected ' })).toBe('negative');
    expect(readFitResult({ ...reported, value: 152, unit: 'ng/mL', interpretation: 'H' })).toBe('positive');
    expect(readFitResult({ ...reported, value: 12, unit: 'ng/mL' })).toBeNull();
  });
});

describe('the codes of a FIT result', () => {
  it("are exactly CMS130's FOBT and sDNA FIT value sets as shipped in data/ecqm", async () => {
    const expansion = async (oid: string) => {
      const text = await readFile(serverPath('..', '..', 'data', 'ecqm', 'valuesets', `${oid}.json`), 'utf8');
      const valueSet = JSON.parse(text) as { expansion: { contains: { code: string; display: string }[] } };
      return valueSet.expansion.contains.map(({ code, display }) => [code, display]);
    };
    const shipped = [
      ...(await expansion('2.16.840.1.113883.3.464.1003.198.12.1011')),
      ...(await expansion('2.16.840.1.113883.3.464.1003.108.12.1039')),
    ];
    expect(Object.fromEntries(shipped)).toEqual(FIT_RESULT_CODES);
  });
});
