import { createHash } from 'node:crypto';
import { FIT_IMPORT_MAX_ROWS, type FitImportRow, type QualityPatient } from '@cairn/contracts';
import { sql } from 'drizzle-orm';
import { patientInScope, type CareScope } from '../../access';
import type { Db } from '../../db/client';
import { FIT_RESULT_CODES } from '../fit-kits';
import { importBundle } from '../ingestion';
import { auditPatientsWritten, type Caller } from './fit-access';
import { openWorkspace, clock } from '../quality';
import { isRefused, readResultsFile, type ResultLine } from './fit-results-file';
import { patientColumns, rowsOf, toPatient, type PatientColumns } from './fit-sql';

interface PatientMatch extends PatientColumns {
  source: 'EHR' | 'HIE';
  source_id: string;
}

type Counts = Record<'matched' | 'stored' | 'noPatient' | 'ambiguous' | 'invalid', number>;

/** SNOMED CT's qualifier values, and HL7's interpretation flag, for a qualitative result. */
const ANSWERS = {
  positive: { code: '10828004', display: 'Positive', interpretation: 'POS' },
  negative: { code: '260385009', display: 'Negative', interpretation: 'NEG' },
} as const;

/** The patients of the caller's scope with these MRNs. */
async function findByMrn(db: Db, scope: CareScope, mrns: readonly string[]): Promise<PatientMatch[]> {
  if (mrns.length === 0) return [];
  return rowsOf<PatientMatch>(
    await db.execute(sql`select ${patientColumns}, patients.source, patients.source_id from patients
      where patients.mrn = any(${sql.param([...new Set(mrns)])}::text[]) and ${patientInScope(scope)}`),
  );
}

/**
 * The result as a FHIR Observation of the patient's record, in the patient's own source so that its
 * subject resolves; its id follows from the patient, day and code, so a file imported again (or a
 * corrected result) updates the same Observation.
 */
function resultObservation(line: ResultLine, patient: PatientMatch) {
  const answer = ANSWERS[line.result];
  const display = FIT_RESULT_CODES[line.loinc] ?? line.loinc;
  const key = createHash('sha256').update(`${patient.patient_id}|${line.collectionDate}|${line.loinc}`).digest('hex');
  return {
    resourceType: 'Observation',
    id: `cairn-fit-result-${key.slice(0, 32)}`,
    status: 'final',
    category: [
      { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }] },
    ],
    code: { coding: [{ system: 'http://loinc.org', code: line.loinc, display }], text: display },
    subject: { reference: `Patient/${patient.source_id}` },
    effectiveDateTime: line.collectionDate,
    issued: new Date().toISOString(),
    valueCodeableConcept: {
      coding: [{ system: 'http://snomed.info/sct', code: answer.code, display: answer.display }],
      text: answer.display,
    },
    interpretation: [
      {
        coding: [
          { system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation', code: answer.interpretation },
        ],
      },
    ],
  };
}

/** The kits the stored results answered, by the results' source ids. */
async function kitsOfResults(
  db: Db,
  options: { organisationId: string; source: string; sourceIds: readonly string[] },
): Promise<Map<string, string>> {
  const rows = rowsOf<{ kit_id: string; source_id: string }>(
    await db.execute(sql`select kit.id as kit_id, result.source_id from fit_kits kit
      join observations result on result.id = kit.observation_id
      where result.organisation_id = ${options.organisationId} and result.source = ${options.source}
        and result.source_id = any(${sql.param([...options.sourceIds])}::text[])`),
  );
  return new Map(rows.map((row) => [row.source_id, row.kit_id]));
}

/**
 * Stores each line of a lab's FIT results file as an Observation in its patient's record through
 * ingestion (one import per source), which queues the patient's analysis and results the kit the
 * result answers; the CMS130 gap then closes by the engine. A line names no patient (MRN and date of
 * birth, within the caller's scope), several (ambiguous), or is refused naming its columns.
 */
export async function importResults(
  db: Db,
  caller: Caller,
  body: { csv: string },
): Promise<{ rows: FitImportRow[]; counts: Counts }> {
  const scope = await openWorkspace(db, caller.auth);
  const lines = readResultsFile(body.csv, { today: clock().today, maxRows: FIT_IMPORT_MAX_ROWS });
  const valid = lines.filter((line): line is ResultLine => !isRefused(line));
  const patients = await findByMrn(
    db,
    scope,
    valid.map((line) => line.mrn),
  );
  const report = new Map<number, FitImportRow>();
  const toStore: { line: ResultLine; patient: PatientMatch }[] = [];
  for (const line of lines) {
    if (isRefused(line)) {
      report.set(line.line, { line: line.line, outcome: 'invalid', patient: null, kitId: null, errors: line.errors });
      continue;
    }
    const withMrn = patients.filter((patient) => patient.mrn === line.mrn);
    const matching = withMrn.filter((patient) => patient.birth_date === line.dateOfBirth);
    const [patient] = matching;
    if (matching.length > 1) {
      const message = `${String(matching.length)} patients have this MRN and date of birth`;
      report.set(line.line, { ...noPatient(line.line, 'ambiguous'), errors: [{ column: 'mrn', message }] });
    } else if (!patient) {
      const error =
        withMrn.length > 0
          ? { column: 'date_of_birth', message: 'Is not the date of birth of the patient with this MRN' }
          : { column: 'mrn', message: 'No patient has this MRN' };
      report.set(line.line, { ...noPatient(line.line, 'no-patient'), errors: [error] });
    } else {
      toStore.push({ line, patient });
    }
  }
  await storeResults(db, { scope, toStore, report });
  const rows = [...report.values()].sort((left, right) => left.line - right.line);
  const stored = rows.flatMap((row) => (row.patient && row.outcome !== 'invalid' ? [row.patient.cairnPatientId] : []));
  await auditPatientsWritten(db, caller, { what: 'fit-result-import', patientIds: stored });
  return { rows, counts: countOutcomes(rows) };
}

function noPatient(line: number, outcome: 'no-patient' | 'ambiguous'): FitImportRow {
  return { line, outcome, patient: null, kitId: null, errors: [] };
}

/** One import per source, the lines' outcomes from what ingestion refused and which kits were resulted. */
async function storeResults(
  db: Db,
  options: {
    scope: CareScope;
    toStore: { line: ResultLine; patient: PatientMatch }[];
    report: Map<number, FitImportRow>;
  },
): Promise<void> {
  const { organisationId } = options.scope;
  for (const source of ['EHR', 'HIE'] as const) {
    const entries = options.toStore
      .filter((item) => item.patient.source === source)
      .map((item) => ({ ...item, resource: resultObservation(item.line, item.patient) }));
    if (entries.length === 0) continue;
    const { rejected } = await importBundle(db, {
      organisationId,
      source,
      bundle: { resourceType: 'Bundle', type: 'collection', entry: entries.map(({ resource }) => ({ resource })) },
    });
    const refused = new Map(rejected.map((rejection) => [rejection.index, rejection.reason]));
    const kits = await kitsOfResults(db, {
      organisationId,
      source,
      sourceIds: entries.map(({ resource }) => resource.id),
    });
    entries.forEach(({ line, patient, resource }, index) => {
      const patientShown: QualityPatient = toPatient(patient);
      const reason = refused.get(index);
      const kitId = kits.get(resource.id) ?? null;
      options.report.set(
        line.line,
        reason === undefined
          ? { line: line.line, outcome: kitId ? 'matched' : 'stored', patient: patientShown, kitId, errors: [] }
          : {
              line: line.line,
              outcome: 'invalid',
              patient: null,
              kitId: null,
              errors: [{ column: 'line', message: reason }],
            },
      );
    });
  }
}

function countOutcomes(rows: readonly FitImportRow[]): Counts {
  const count = (outcome: FitImportRow['outcome']) => rows.filter((row) => row.outcome === outcome).length;
  return {
    matched: count('matched'),
    stored: count('stored'),
    noPatient: count('no-patient'),
    ambiguous: count('ambiguous'),
    invalid: count('invalid'),
  };
}
