import type { ObservationRecord } from '../record';

/** The results the rules read. Each is recognised by LOINC first, then by a narrow display pattern. */
export type ObservationKind =
  | 'egfr'
  | 'uacr'
  | 'hba1c'
  | 'fasting-glucose'
  | 'bmi'
  | 'phq9'
  | 'lvef'
  | 'bnp'
  | 'nt-probnp'
  | 'fev1-fvc'
  | 'albumin'
  | 'rheumatoid-factor'
  | 'anti-ccp'
  | 'hcv-rna';

/** A result the rules can compare: its kind and its value in the kind's canonical unit. */
export interface NormalisedObservation {
  kind: ObservationKind;
  record: ObservationRecord;
  date: string;
  /** Value in {@link CANONICAL_UNITS}; undefined for qualitative results (see `positive`). */
  value: number | undefined;
  /** For qualitative results: the text or code says positive/detected (true) or negative (false). */
  positive: boolean | undefined;
}

/** The unit every rule compares in, in UCUM (evidence carries it; screens write it as clinicians do). */
export const CANONICAL_UNITS: Record<ObservationKind, string> = {
  egfr: 'mL/min/{1.73_m2}',
  uacr: 'mg/g',
  hba1c: '%',
  'fasting-glucose': 'mg/dL',
  bmi: 'kg/m2',
  phq9: '{score}',
  lvef: '%',
  bnp: 'pg/mL',
  'nt-probnp': 'pg/mL',
  'fev1-fvc': '{ratio}',
  albumin: 'g/dL',
  'rheumatoid-factor': '[IU]/mL',
  'anti-ccp': '[U]/mL',
  'hcv-rna': '[IU]/mL',
};

const LOINC_KIND_LIST: Record<string, ObservationKind> = {
  // eGFR: MDRD, CKD-EPI 2009 (with and without race), CKD-EPI 2021 creatinine and cystatin C panels.
  '33914-3': 'egfr',
  '48642-3': 'egfr',
  '48643-1': 'egfr',
  '50044-7': 'egfr',
  '50210-4': 'egfr',
  '62238-1': 'egfr',
  '69405-9': 'egfr',
  '70969-1': 'egfr',
  '77147-7': 'egfr',
  '88293-6': 'egfr',
  '88294-4': 'egfr',
  '94677-2': 'egfr',
  '98979-8': 'egfr',
  '98980-6': 'egfr',
  // Urine albumin-to-creatinine ratio.
  '9318-7': 'uacr',
  '14959-1': 'uacr',
  '32294-1': 'uacr',
  // Haemoglobin A1c (NGSP % and IFCC mmol/mol).
  '4548-4': 'hba1c',
  '17856-6': 'hba1c',
  '4549-2': 'hba1c',
  '17855-8': 'hba1c',
  '59261-8': 'hba1c',
  // Fasting plasma or serum glucose (capillary glucose is not diagnostic, ADA Standards 2025 §2).
  '1558-6': 'fasting-glucose',
  '14771-0': 'fasting-glucose',
  '39156-5': 'bmi',
  '44261-6': 'phq9',
  '10230-1': 'lvef',
  '18043-0': 'lvef',
  '30934-4': 'bnp',
  '42637-9': 'bnp',
  '33762-6': 'nt-probnp',
  '83107-3': 'nt-probnp',
  '19926-5': 'fev1-fvc',
  '1751-7': 'albumin',
  '61151-7': 'albumin',
  '61152-5': 'albumin',
  '11572-5': 'rheumatoid-factor',
  '53027-9': 'anti-ccp',
  '11011-4': 'hcv-rna',
};

const LOINC_KINDS = new Map(Object.entries(LOINC_KIND_LIST));

const DISPLAY_KINDS: readonly [RegExp, ObservationKind][] = [
  [/\begfr\b|glomerular filtration rate/i, 'egfr'],
  [/albumin\s*\/\s*creatinine|\bu?acr\b/i, 'uacr'],
  [/\b(hb\s*)?a1c\b|glycated h(a)?emoglobin|glycosylated h(a)?emoglobin/i, 'hba1c'],
  [/body mass index|\bbmi\b/i, 'bmi'],
  [/\bphq-?9\b.*(total|score)/i, 'phq9'],
  [/\blvef\b|left ventric\w* ejection fraction|\blv ejection fraction/i, 'lvef'],
  [/nt-?pro-?bnp|n-terminal pro/i, 'nt-probnp'],
  [/\bbnp\b|b-type natriuretic|natriuretic peptide b/i, 'bnp'],
  [/fev1\s*\/\s*fvc/i, 'fev1-fvc'],
  [/rheumatoid factor/i, 'rheumatoid-factor'],
  [/cyclic citrullinated|anti-?ccp/i, 'anti-ccp'],
  [/(hepatitis c|hcv).*rna/i, 'hcv-rna'],
];

const CACHE_LIMIT = 20_000;
/** Display patterns are tried only for codes we do not know; their verdicts are remembered (vitals repeat a lot). */
const byDisplay = new Map<string, ObservationKind | null>();
let cachedDisplays = 0;

/** Which kind of result an observation is, or undefined when no rule reads it. */
export function classifyObservation(observation: ObservationRecord): ObservationKind | undefined {
  const byLoinc = LOINC_KINDS.get(observation.loinc);
  if (byLoinc) return byLoinc;
  const known = byDisplay.get(observation.display);
  if (known !== undefined) return known ?? undefined;
  const kind = DISPLAY_KINDS.find(([pattern]) => pattern.test(observation.display))?.[1];
  if ((cachedDisplays += 1) > CACHE_LIMIT) {
    byDisplay.clear();
    cachedDisplays = 0;
  }
  byDisplay.set(observation.display, kind ?? null);
  return kind;
}

const POSITIVE = /\b(positive|reactive|detected|present)\b/i;
const NEGATIVE = /\b(negative|non-?reactive|not detected|undetectable|absent)\b/i;
// SNOMED CT qualifier values: 10828004 Positive, 260373001 Detected; 260385009 Negative, 260415000 Not detected.
const POSITIVE_CODES = new Set(['10828004', '260373001', 'POS', 'DET', 'R']);
const NEGATIVE_CODES = new Set(['260385009', '260415000', 'NEG', 'ND', 'NR']);

function readQualitative(observation: ObservationRecord): boolean | undefined {
  const code = observation.valueCode;
  if (code !== undefined && POSITIVE_CODES.has(code)) return true;
  if (code !== undefined && NEGATIVE_CODES.has(code)) return false;
  const text = observation.valueText ?? '';
  if (NEGATIVE.test(text)) return false; // "not detected" must win over "detected"
  if (POSITIVE.test(text)) return true;
  return undefined;
}

const simplifiedUnits = new Map<string, string>();

/** Lower-cased unit with braces and spaces removed: `mL/min/{1.73_m2}` -> `ml/min/1.73_m2`. */
function simplifyUnit(unit: string | undefined): string {
  if (unit === undefined) return '';
  let simple = simplifiedUnits.get(unit);
  if (simple === undefined) {
    simple = unit.toLowerCase().replace(/[{}\s]/g, '');
    if (simplifiedUnits.size > CACHE_LIMIT) simplifiedUnits.clear();
    simplifiedUnits.set(unit, simple);
  }
  return simple;
}

/**
 * Converts a value to the kind's canonical unit. Returns undefined when the unit is not one we know
 * for that kind: a rule must never compare a number whose unit it cannot vouch for.
 */
export function toCanonicalValue(kind: ObservationKind, value: number, unit: string | undefined): number | undefined {
  const simple = simplifyUnit(unit);
  switch (kind) {
    case 'hba1c':
      if (simple === '%' || simple === '%{hb}' || simple === '%hb' || simple === '%{total}') return value;
      // IFCC-NGSP master equation: NGSP % = 0.09148 x IFCC mmol/mol + 2.152 (Hoelzel et al., Clin Chem 2004).
      if (simple === 'mmol/mol') return Math.round((0.09148 * value + 2.152) * 100) / 100;
      return undefined;
    case 'fasting-glucose':
      if (simple === 'mg/dl') return value;
      if (simple === 'mmol/l') return Math.round(value * 18.016 * 10) / 10; // molar mass of glucose 180.16 g/mol
      return undefined;
    case 'albumin':
      if (simple === 'g/dl') return value;
      if (simple === 'g/l') return value / 10;
      return undefined;
    case 'uacr':
      if (simple === 'mg/g' || simple === 'mg/g{creat}' || simple === 'ug/mg' || simple === 'mg/g{creatinine}')
        return value;
      if (simple === 'mg/mmol' || simple === 'mg/mmol{creat}') return Math.round(value * 8.84 * 10) / 10; // KDIGO 2012: 3 mg/mmol = 30 mg/g
      return undefined;
    case 'fev1-fvc':
      if (simple === '%') return value / 100;
      if (simple === '' || simple === '1' || simple === 'ratio' || simple === '{ratio}')
        return value > 1.5 ? value / 100 : value;
      return undefined;
    case 'bnp':
    case 'nt-probnp':
      return simple === 'pg/ml' || simple === 'ng/l' ? value : undefined;
    case 'egfr':
      return simple === '' || simple.startsWith('ml/min') ? value : undefined;
    case 'bmi':
      return simple === '' || simple === 'kg/m2' ? value : undefined;
    case 'lvef':
      return simple === '' || simple === '%' ? value : undefined;
    case 'phq9':
    case 'rheumatoid-factor':
    case 'anti-ccp':
    case 'hcv-rna':
      return value;
  }
}

/** Classifies and normalises one observation; undefined when no rule can use it. */
export function normaliseObservation(observation: ObservationRecord): NormalisedObservation | undefined {
  const kind = classifyObservation(observation);
  if (!kind) return undefined;
  const value =
    observation.value === undefined ? undefined : toCanonicalValue(kind, observation.value, observation.unit);
  const positive = readQualitative(observation);
  if (value === undefined && positive === undefined) return undefined;
  return { kind, record: observation, date: observation.date.slice(0, 10), value, positive };
}
