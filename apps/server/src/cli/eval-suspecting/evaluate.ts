import {
  findCodeEvidence,
  getHccModel,
  getIcdCatalog,
  type HccModel,
  type PatientRecord,
  suspect,
  type Suggestion,
} from '@cairn/clinical';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { patients } from '../../db/clinical-schema';
import { organisations } from '../../db/schema';
import { loadPatientRecords } from '../../modules/analysis';
import { importBundle } from '../../modules/ingestion';
import { scorePatient, type PatientScore } from './scoring';
import { withoutConditions } from './strip-conditions';
import { truthOf, type Truth, type TruthHcc } from './truth';

export type Mode = 'as-they-are' | 'conditions-removed';

/** A truth HCC a mode measured and missed, with why (see `missCause`). */
export interface Miss {
  hcc: number;
  codes: string[];
  cause: string;
  /** Mode 2: the rules whose facts `findCodeEvidence` found for it. */
  evidenceRules?: string[];
}

export interface ModeResult {
  score: PatientScore;
  /** Truth HCCs measured (recall's denominator). */
  scored: number;
  /** Truth HCCs left out of recall, by reason (already coded this year; mode 2: no other evidence). */
  excluded: Record<string, number>;
  misses: Miss[];
}

export interface PatientResult {
  dataset: string;
  file: string;
  asOf: string;
  truth: Truth;
  modes: Record<Mode, ModeResult>;
}

/** The as-of date: the start date of the bundle's latest Encounter. */
export function latestEncounterDate(bundle: unknown): string | undefined {
  const entries = (bundle as { entry?: { resource?: { resourceType?: string; period?: { start?: string } } }[] }).entry;
  const dates = (entries ?? [])
    .filter((entry) => entry.resource?.resourceType === 'Encounter')
    .map((entry) => entry.resource?.period?.start?.slice(0, 10) ?? '')
    .filter((date) => date !== '');
  return dates.sort().at(-1);
}

/** Two organisations of a scratch database: the bundles as they are, and without their conditions. */
export async function createEvaluationOrganisations(db: Db): Promise<Record<Mode, string>> {
  const rows = await db
    .insert(organisations)
    .values([
      { slug: 'eval-as-they-are', name: 'Evaluation: as they are' },
      { slug: 'eval-conditions-removed', name: 'Evaluation: conditions removed' },
    ])
    .returning({ id: organisations.id });
  const [asTheyAre, removed] = rows;
  if (!asTheyAre || !removed) throw new Error('organisations not created');
  return { 'as-they-are': asTheyAre.id, 'conditions-removed': removed.id };
}

async function importedRecord(
  db: Db,
  options: { organisationId: string; bundle: unknown; patientSourceId: string; asOf: string },
): Promise<PatientRecord | undefined> {
  await importBundle(db, { organisationId: options.organisationId, source: 'EHR', bundle: options.bundle });
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.organisationId, options.organisationId), eq(patients.sourceId, options.patientSourceId)));
  if (!row) return undefined;
  return (await loadPatientRecords(db, options.organisationId, [row.id], options.asOf)).get(row.id)?.record;
}

function patientSourceIdOf(bundle: unknown): string | undefined {
  const entries = (bundle as { entry?: { resource?: { resourceType?: string; id?: string } }[] }).entry ?? [];
  return entries.find((entry) => entry.resource?.resourceType === 'Patient')?.resource?.id;
}

/** HCCs coded this year (claims, EHR conditions with an ICD-10-CM code, Jan 1 .. as-of): the engine rightly stays silent on them. */
function codedThisYear(record: PatientRecord, model: HccModel, asOf: string): Set<number> {
  const yearStart = `${asOf.slice(0, 4)}-01-01`;
  const inYear = (date: string) => date.slice(0, 10) >= yearStart && date.slice(0, 10) <= asOf;
  const codes = [
    ...record.claims.filter((claim) => inYear(claim.serviceDate)).map((claim) => claim.icdCode),
    ...record.conditions
      .filter((condition) => condition.icdCode && inYear(condition.date))
      .filter((condition) => !['refuted', 'entered-in-error'].includes(condition.verificationStatus ?? ''))
      .map((condition) => condition.icdCode ?? ''),
  ];
  const hccs = new Set(codes.flatMap((code) => model.conditionCategories(code)));
  for (const hcc of [...hccs]) for (const child of model.children(hcc)) hccs.add(child);
  return hccs;
}

/** Why mode 1 missed a truth HCC, from the record as imported. */
export function missCause(item: TruthHcc, record: PatientRecord, asOf: string): string {
  const lookbackStart = `${String(Number(asOf.slice(0, 4)) - 2)}-01-01`;
  const claimDates = record.claims
    .filter((claim) => item.codes.includes(claim.icdCode))
    .map((claim) => claim.serviceDate.slice(0, 10));
  const latest = [item.latestDate, ...claimDates].sort().at(-1) ?? '';
  if (latest < lookbackStart) {
    return `condition older than the look-back (${item.categories.join(', ')}), no evidence rule fired`;
  }
  if (!item.codes.some((code) => getIcdCatalog().isBillable(code))) return 'mapped ICD-10-CM code not billable FY2026';
  return 'coded in the look-back, not suggested';
}

function measure(options: {
  model: HccModel;
  truth: Truth;
  record: PatientRecord;
  asOf: string;
  mode: Mode;
}): ModeResult {
  const { model, truth, record, asOf, mode } = options;
  const suggestions: Suggestion[] = suspect(record, { asOf, model: 'v28' });
  const coded = codedThisYear(record, model, asOf);
  const excluded: Record<string, number> = {};
  const evidenceRules = new Map<number, string[]>();
  const exclusionOf = (item: TruthHcc): string | undefined => {
    if (coded.has(item.hcc)) return 'already coded this year';
    if (mode === 'as-they-are') return undefined;
    const rules = item.codes.flatMap((code) => findCodeEvidence(record, { code, asOf }).map((fact) => fact.ruleId));
    evidenceRules.set(item.hcc, [...new Set(rules)]);
    return rules.length === 0 ? 'no other evidence' : undefined;
  };
  const scored: TruthHcc[] = [];
  for (const item of truth.hccs) {
    const reason = exclusionOf(item);
    if (reason) excluded[reason] = (excluded[reason] ?? 0) + 1;
    else scored.push(item);
  }
  const score = scorePatient({ model, truth: truth.hccs, scored, suggestions });
  const misses = score.missed.map((item) =>
    mode === 'as-they-are'
      ? { hcc: item.hcc, codes: item.codes, cause: missCause(item, record, asOf) }
      : {
          hcc: item.hcc,
          codes: item.codes,
          cause: 'other evidence on record, no rule suggests it',
          evidenceRules: evidenceRules.get(item.hcc) ?? [],
        },
  );
  return { score, scored: scored.length, excluded, misses };
}

/** Imports one bundle twice (as it is, without its conditions) and measures both modes. */
export async function evaluateBundle(
  db: Db,
  options: { organisations: Record<Mode, string>; dataset: string; file: string; bundle: unknown },
): Promise<PatientResult | undefined> {
  const asOf = latestEncounterDate(options.bundle);
  const patientSourceId = patientSourceIdOf(options.bundle);
  if (!asOf || !patientSourceId) return undefined;
  const model = getHccModel('v28');
  const common = { patientSourceId, asOf };
  const original = await importedRecord(db, {
    ...common,
    organisationId: options.organisations['as-they-are'],
    bundle: options.bundle,
  });
  const stripped = await importedRecord(db, {
    ...common,
    organisationId: options.organisations['conditions-removed'],
    bundle: withoutConditions(options.bundle),
  });
  if (!original || !stripped) return undefined;
  const truth = truthOf(original, { asOf, model });
  return {
    dataset: options.dataset,
    file: options.file,
    asOf,
    truth,
    modes: {
      'as-they-are': measure({ model, truth, record: original, asOf, mode: 'as-they-are' }),
      'conditions-removed': measure({ model, truth, record: stripped, asOf, mode: 'conditions-removed' }),
    },
  };
}
