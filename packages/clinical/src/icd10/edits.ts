import { getHccModel } from '../hcc/index';
import type { Sex } from '../record';
import { getIcdCatalog } from './catalog';
import { normalizeIcdCode } from './code-format';
import {
  AGE_RULES,
  FEMALE_TITLE_WORDS,
  MALE_TITLE_WORDS,
  PERINATAL_REMINDER,
  SEX_RULES,
  TITLE_WORDS_DO_NOT_APPLY,
  type EditSex,
} from './edit-rules';

/** The age and sex a code is meant for; absent fields mean no edit. */
export interface IcdEdits {
  sex?: EditSex;
  minAge?: number;
  maxAge?: number;
  /** True for chapter 16 perinatal codes: fine for any age when the condition began in the perinatal period. */
  perinatal?: boolean;
  /** Where each edit comes from, in words a coder can check; '' when there is no edit. */
  source: string;
}

/** Someone a code is checked against. `sex` undefined means unknown: sex edits are then skipped. */
export interface EditPatient {
  age: number;
  sex: Sex | undefined;
}

/** One edit the code fails for the patient. Errors are active CMS edits; warnings ask the coder to check the record. */
export interface EditViolation {
  kind: 'sex' | 'age' | 'perinatal';
  severity: 'error' | 'warning';
  message: string;
  source: string;
}

interface AgeEdit {
  minAge: number;
  maxAge: number | undefined;
  label: string;
  source: string;
}

const cache = new Map<string, IcdEdits>();

/**
 * The age and sex edits of a code: the Medicare Code Editor age range (from CMS's V28 mapping for HCC-relevant codes,
 * otherwise the MCE maternity and newborn lists), and the sex its tabular title or section implies (see
 * `edit-rules.ts` for every rule and its source).
 */
export function editsFor(code: string): IcdEdits {
  const normalized = normalizeIcdCode(code);
  const cached = cache.get(normalized);
  if (cached) return cached;
  const sex = findSexEdit(normalized);
  const age = findAgeEdit(normalized);
  const perinatal = normalized.startsWith(PERINATAL_REMINDER.prefix);
  const edits: IcdEdits = {
    ...(sex && { sex: sex.sex }),
    ...(age && { minAge: age.minAge }),
    ...(age?.maxAge !== undefined && { maxAge: age.maxAge }),
    ...(perinatal && { perinatal }),
    source: [sex?.source, age?.source, perinatal ? PERINATAL_REMINDER.reason : undefined].filter(Boolean).join('; '),
  };
  cache.set(normalized, edits);
  return edits;
}

/** The edits a code fails for this patient, with messages a coder understands ('Maternity code for a male patient'). */
export function checkEdits(code: string, patient: EditPatient): EditViolation[] {
  const normalized = normalizeIcdCode(code);
  const violations: EditViolation[] = [];
  const sex = findSexEdit(normalized);
  if (sex && patient.sex !== undefined && patient.sex !== sex.sex) {
    const maternity = isMaternity(normalized);
    const patientWord = patient.sex === 'F' ? 'female' : 'male';
    const codeWord = maternity ? 'Maternity' : sex.sex === 'F' ? 'Female-only' : 'Male-only';
    violations.push({
      kind: 'sex',
      severity: 'warning',
      message: `${codeWord} code for a ${patientWord} patient${maternity ? '' : ` (${sex.reason})`}`,
      source: sex.source,
    });
  }
  const age = findAgeEdit(normalized);
  if (age && (patient.age < age.minAge || (age.maxAge !== undefined && patient.age > age.maxAge))) {
    violations.push({
      kind: 'age',
      severity: 'error',
      message: `${age.label} code for a patient aged ${patient.age}: the Medicare Code Editor accepts ${describeRange(age)}`,
      source: age.source,
    });
  }
  if (normalized.startsWith(PERINATAL_REMINDER.prefix) && patient.age >= PERINATAL_REMINDER.fromAge) {
    violations.push({
      kind: 'perinatal',
      severity: 'warning',
      message: `Perinatal code for a patient aged ${patient.age}: use it only if the condition began in the perinatal period`,
      source: PERINATAL_REMINDER.reason,
    });
  }
  return violations;
}

function findSexEdit(code: string): { sex: EditSex; reason: string; source: string } | undefined {
  for (const rule of SEX_RULES) {
    if (rule.prefixes.some((prefix) => code.startsWith(prefix))) {
      return { sex: rule.sex, reason: rule.reason, source: `${rule.reason} (ICD-10-CM tabular title)` };
    }
  }
  if (TITLE_WORDS_DO_NOT_APPLY.some((prefix) => code.startsWith(prefix))) return undefined;
  const title = getIcdCatalog().get(code)?.longDescription;
  if (title === undefined) return undefined;
  const female = FEMALE_TITLE_WORDS.exec(title)?.[0];
  const male = MALE_TITLE_WORDS.exec(title)?.[0];
  if ((female === undefined) === (male === undefined)) return undefined;
  const word = (female ?? male ?? '').toLowerCase();
  const reason = `title names ${female ? 'a female' : 'a male'} organ or state: "${word}"`;
  return { sex: female ? 'F' : 'M', reason, source: `ICD-10-CM title: ${reason}` };
}

function findAgeEdit(code: string): AgeEdit | undefined {
  const fromHcc = findHccMceAge(code);
  if (fromHcc) return fromHcc;
  const rule = AGE_RULES.find((candidate) => candidate.prefixes.some((prefix) => code.startsWith(prefix)));
  if (!rule) return undefined;
  return {
    minAge: rule.minAge,
    maxAge: rule.maxAge,
    label: labelAgeRange(rule.minAge, rule.maxAge),
    source: rule.reason,
  };
}

/** MCE age range CMS attaches to HCC-relevant codes in the V28 PY2026 mapping (MCE_AGE_CONDITION). */
function findHccMceAge(code: string): AgeEdit | undefined {
  const edit = getHccModel('v28')
    .edits(code)
    .find((row) => row.mceAge !== undefined);
  if (!edit?.mceAge) return undefined;
  const { min, max } = edit.mceAge;
  return {
    minAge: min,
    maxAge: max,
    label: labelAgeRange(min, max),
    source: `Medicare Code Editor age range ${describeRange({ minAge: min, maxAge: max })} (CMS-HCC V28 PY2026 mapping, MCE_AGE_CONDITION)`,
  };
}

function isMaternity(code: string): boolean {
  return AGE_RULES[0]?.prefixes.some((prefix) => code.startsWith(prefix)) === true;
}

/** The MCE's names for its age lists (Definitions of Medicare Code Edits, 4A-4D). */
function labelAgeRange(min: number, max: number | undefined): string {
  if (max === 0) return 'Newborn';
  if (min === 9 && max === 64) return 'Maternity';
  if (min === 0 && max === 17) return 'Pediatric';
  if (max === undefined || max >= 124) return 'Adult';
  return 'Age-limited';
}

function describeRange(range: { minAge: number; maxAge: number | undefined }): string {
  if (range.maxAge === undefined) return `ages ${range.minAge} and over`;
  if (range.minAge === range.maxAge) return `age ${range.minAge} only`;
  return `ages ${range.minAge}-${range.maxAge}`;
}
