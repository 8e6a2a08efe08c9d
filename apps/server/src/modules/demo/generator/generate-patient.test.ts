import { suspect } from '@cairn/clinical';
import { createEcqmEngine, toCareGap, toFhirBundle } from '@cairn/clinical/ecqm';
import { describe, expect, it } from 'vitest';
import { careProviders, generateOrganisation } from './generate-organisation';
import { generatePatient } from './generate-patient';
import { toPatientRecord } from './to-record';
import type { NewId } from './types';

const TODAY = '2026-11-21';

/** Ids from a counter, so that two runs can be compared row for row. */
function counterIds(): NewId {
  let next = 0;
  return () => `00000000-0000-4000-8000-${String((next += 1)).padStart(12, '0')}`;
}

function generate(options: { seed: number; count: number; today?: string; claimYears?: number }) {
  const newId = counterIds();
  const organisation = generateOrganisation({
    organisationId: '00000000-0000-4000-8000-000000000000',
    seed: options.seed,
    providerCount: 4,
    prefix: 'test',
    newId,
  });
  const team = careProviders(organisation);
  const patients = Array.from({ length: options.count }, (_, index) =>
    generatePatient({
      organisationId: '00000000-0000-4000-8000-000000000000',
      seed: options.seed,
      index,
      today: options.today ?? TODAY,
      primaryProvider: team[index % team.length] ?? team[0]!,
      providers: team,
      prefix: 'test',
      newId,
      ...(options.claimYears === undefined ? {} : { claimYears: options.claimYears }),
    }),
  );
  return { organisation, patients };
}

describe('synthetic organisation generator', () => {
  it('gives the same organisation and patients for the same seed and day', () => {
    expect(generate({ seed: 7, count: 24 })).toEqual(generate({ seed: 7, count: 24 }));
  });

  it('gives other patients for another seed', () => {
    const [first] = generate({ seed: 7, count: 1 }).patients;
    const [other] = generate({ seed: 8, count: 1 }).patients;
    const identity = (rows: typeof first): string =>
      `${rows?.patient.firstName ?? ''} ${rows?.patient.birthDate ?? ''}`;
    expect(identity(other)).not.toBe(identity(first));
  });

  it('names Maya Rivera, MD as the first provider', () => {
    const [maya] = generate({ seed: 1, count: 0 }).organisation.providers;
    expect(maya).toMatchObject({ firstName: 'Maya', lastName: 'Rivera', suffix: 'MD' });
  });

  it('gives every kind of suggestion within a few dozen patients', () => {
    const kinds = new Set<string>();
    for (const rows of generate({ seed: 1, count: 48 }).patients) {
      const record = toPatientRecord(rows);
      for (const suggestion of suspect(record, { asOf: TODAY }))
        kinds.add(suggestion.category === 'Recapture' ? 'Recapture' : `Suspect ${String(suggestion.suspectKind)}`);
    }
    expect([...kinds].sort()).toEqual([
      'Recapture',
      'Suspect clinical-correlation-needed',
      'Suspect documented-elsewhere',
      'Suspect meets-diagnostic-criteria',
    ]);
  });

  it("writes what CMS's CQL reads: gaps open and closed, eye exams and cervical cytology among what closes them", async () => {
    const engine = createEcqmEngine();
    const statuses = new Map<string, Set<string>>();
    for (const rows of generate({ seed: 1, count: 24 }).patients) {
      const [patient] = await engine.evaluate([toFhirBundle(toPatientRecord(rows), { asOf: TODAY })], {
        periodStart: '2026-01-01',
        periodEnd: '2026-12-31',
        measures: ['CMS165', 'CMS131', 'CMS124'],
      });
      for (const gap of (patient?.measures ?? []).map(toCareGap))
        statuses.set(gap.measureId, new Set([...(statuses.get(gap.measureId) ?? []), gap.status]));
    }
    // CMS131 reads eye exams as observations ([Observation: "Retinal or Dilated Eye Exam"]), CMS124 cytology.
    expect([...(statuses.get('CMS165') ?? [])].sort()).toEqual(['closed', 'not-applicable', 'open']);
    for (const measureId of ['CMS131', 'CMS124']) expect(statuses.get(measureId)).toContain('closed');
  }, 60_000);

  it('writes blood pressure as separate systolic and diastolic rows, with eGFR repeated 90 days or more apart', () => {
    const { patients } = generate({ seed: 3, count: 8 });
    const observations = patients.flatMap((rows) => rows.observations);
    const systolic = observations.filter((row) => row.loinc === '8480-6').length;
    expect(systolic).toBeGreaterThan(0);
    expect(observations.filter((row) => row.loinc === '8462-4')).toHaveLength(systolic);
    const criteria = patients[2];
    const egfr = (criteria?.observations ?? [])
      .filter((row) => row.loinc === '98979-8')
      .map((row) => row.effectiveDate);
    const first = egfr[0] ?? '';
    const last = egfr.at(-1) ?? '';
    expect(Date.parse(last) - Date.parse(first)).toBeGreaterThanOrEqual(90 * 86_400_000);
  });

  it('reports every result to the decimals a lab or device gives, never with float noise (7.699999999999999)', () => {
    const values = generate({ seed: 2, count: 24 }).patients.flatMap((rows) =>
      rows.observations.flatMap((row) => (typeof row.value === 'number' ? [row.value] : [])),
    );
    expect(values.length).toBeGreaterThan(100);
    expect(values.filter((value) => Number(value.toFixed(2)) !== value)).toEqual([]);
  });

  it('dates nothing after today, and keeps each source id unique', () => {
    const { patients } = generate({ seed: 5, count: 16 });
    const dates = patients.flatMap((rows) => [
      ...rows.encounters.map((row) => row.startDate),
      ...rows.observations.map((row) => row.effectiveDate),
      ...rows.documents.map((row) => row.documentDate),
    ]);
    expect(dates.every((date) => date < TODAY)).toBe(true);
    const sourceIds = patients.flatMap((rows) =>
      Object.values(rows).flatMap((value: unknown) =>
        (Array.isArray(value) ? value : [value]).map(
          (row: { source: string; sourceId: string }) => `${row.source}:${row.sourceId}`,
        ),
      ),
    );
    expect(new Set(sourceIds).size).toBe(sourceIds.length);
  });

  it('bills every visit with a professional claim whose plan allows no more than the charge and pays no more than it allows', () => {
    const { patients } = generate({ seed: 4, count: 24 });
    const claims = patients.flatMap((rows) => rows.claims);
    const visits = patients.flatMap((rows) => rows.encounters.filter((row) => row.classCode === 'AMB'));
    const billed = new Set(
      claims.filter((row) => row.serviceCategory === 'professional').map((row) => row.encounterId),
    );
    expect(visits.filter((visit) => !billed.has(visit.id))).toEqual([]);
    const adjudicated = claims.filter((row) => row.resourceType === 'ExplanationOfBenefit');
    expect(adjudicated.length).toBeGreaterThan(visits.length);
    expect(adjudicated.filter((row) => !(row.paid! <= row.allowed! && row.allowed! <= row.billed!))).toEqual([]);
    expect(new Set(claims.map((row) => row.serviceCategory))).toEqual(
      new Set(['professional', 'outpatient', 'inpatient', 'emergency', 'pharmacy', 'other']),
    );
    // A claim's diagnoses are its claim_diagnoses rows (`<claim>#<sequence>`), the principal first.
    const diagnoses = new Map(
      patients.flatMap((rows) => rows.claimDiagnoses).map((row) => [row.sourceId, row.icdCode]),
    );
    const coded = claims.filter((row) => row.principalIcd !== null);
    expect(coded.length).toBeGreaterThan(0);
    expect(coded.filter((row) => diagnoses.get(`${row.sourceId}#1`) !== row.principalIcd)).toEqual([]);
  });

  it('admits, observes and sees in the emergency department the old and chronically ill, each stay with its discharge diagnosis', () => {
    const { patients } = generate({ seed: 6, count: 160 });
    const stays = patients.flatMap((rows) => rows.encounters.filter((row) => row.classCode !== 'AMB'));
    const byClass = (classCode: string) => stays.filter((row) => row.classCode === classCode);
    // Three calendar years of 160 patients, mostly past 55: about 60-250 admissions per 1,000 a year.
    expect(byClass('IMP').length).toBeGreaterThan(30);
    expect(byClass('OBSENC').length).toBeGreaterThan(5);
    expect(byClass('EMER').length).toBeGreaterThan(byClass('IMP').length);
    for (const stay of byClass('IMP')) {
      const days = (Date.parse(stay.endDate ?? '') - Date.parse(stay.startDate)) / 86_400_000;
      expect(days).toBeGreaterThanOrEqual(2);
      expect(days).toBeLessThanOrEqual(9);
    }
    expect(byClass('EMER').every((stay) => stay.endDate === stay.startDate)).toBe(true);
    const diagnosed = new Set(patients.flatMap((rows) => rows.conditions.map((row) => row.encounterId)));
    expect(stays.filter((stay) => !diagnosed.has(stay.id))).toEqual([]);
    expect(new Set(patients.flatMap((rows) => rows.conditions.map((row) => row.icdCode)))).toContain('I5023');
  });

  it('gives claims of earlier years, without encounters, when asked for more years than the history', () => {
    const [rows] = generate({ seed: 2, count: 1, claimYears: 5 }).patients;
    const starts = (rows?.claims ?? []).map((row) => row.serviceStart).sort();
    expect(starts[0]?.slice(0, 4)).toBe('2022');
    expect((rows?.encounters ?? []).every((row) => row.startDate >= '2024-01-01')).toBe(true);
  });
});
