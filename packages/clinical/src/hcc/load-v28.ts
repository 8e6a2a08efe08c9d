import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileRow, parseAgeCondition, type CompiledRow } from './conditions';
import { readCsvObjects } from './csv';
import { parseHccNumber, setCoefficient, type InteractionRule, type ModelTables, type Segment } from './tables';

/** Columns of `V28_CE_Relative_Factors.csv` / `V28_NE_Relative_Factors.csv` and the segment each holds. */
const V28_SEGMENT_COLUMNS: readonly (readonly [string, Segment])[] = [
  ['COMMUNITY_NA', 'CNA'],
  ['COMMUNITY_PBA', 'CPA'],
  ['COMMUNITY_FBA', 'CFA'],
  ['COMMUNITY_ND', 'CND'],
  ['COMMUNITY_PBD', 'CPD'],
  ['COMMUNITY_FBD', 'CFD'],
  ['INSTITUTIONAL', 'INS'],
  ['NE', 'NE'],
  ['NE_SNP', 'SNPNE'],
];

function read(dir: string, file: string): Record<string, string>[] {
  return readCsvObjects(readFileSync(join(dir, file), 'utf8'));
}

/** `SEX_EDIT_CONDITION` is CMS's numeric sex code: 1.0 male, 2.0 female. */
function parseSexCondition(text: string): 'F' | 'M' | undefined {
  if (text === '') return undefined;
  if (text === '1.0' || text === '1') return 'M';
  if (text === '2.0' || text === '2') return 'F';
  throw new Error(`Unknown CMS sex condition '${text}'`);
}

function loadMapping(dir: string): Map<string, CompiledRow[]> {
  const mapping = new Map<string, CompiledRow[]>();
  for (const row of read(dir, 'ICD10_CC_mappings_CMS_HCC_2026_v28.csv')) {
    const code = (row.ICD10 ?? '').toUpperCase();
    const ageText = row.AGE_EDIT_CONDITION ?? '';
    const mceText = row.MCE_AGE_CONDITION ?? '';
    const compiled = compileRow(
      parseHccNumber(row.CC ?? ''),
      {
        age: parseAgeCondition(ageText),
        sex: parseSexCondition(row.SEX_EDIT_CONDITION ?? ''),
        mceAge: parseAgeCondition(mceText),
      },
      { age: ageText, mceAge: mceText },
    );
    const rows = mapping.get(code) ?? [];
    rows.push(compiled);
    mapping.set(code, rows);
  }
  return mapping;
}

/** The relative factor files and the column of each that holds CMS's words for the variable. */
const V28_FACTOR_FILES: readonly (readonly [string, string])[] = [
  ['V28_CE_Relative_Factors.csv', 'Label'],
  ['V28_NE_Relative_Factors.csv', 'New Enrollees'],
];

function loadCoefficients(dir: string): Pick<ModelTables, 'coefficients' | 'variableLabels'> {
  const coefficients = new Map<Segment, Map<string, number>>();
  const variableLabels = new Map<string, string>();
  for (const [file, labelColumn] of V28_FACTOR_FILES) {
    for (const row of read(dir, file)) {
      const label = (row[labelColumn] ?? '').trim();
      if (label !== '') variableLabels.set(row.Variable ?? '', label);
      for (const [column, segment] of V28_SEGMENT_COLUMNS) {
        const value = row[column];
        // A blank cell means the variable is not in that segment's model.
        if (value !== undefined && value !== '')
          setCoefficient(coefficients, segment, row.Variable ?? '', Number(value));
      }
    }
  }
  return { coefficients, variableLabels };
}

/**
 * Loads CMS-HCC V28 from the six input tables of CMS's Python software `CMS_HCC_v28_2026_T_package_v3`
 * (payment year 2026 midyear/final) plus the SAS labels (`V28115L3.TXT`), all in `data/hcc/v28`.
 */
export function loadV28Tables(dir: string): ModelTables {
  const hierarchyRows = read(dir, 'V28_HCC_Hierarchies.csv');
  const hierarchy = hierarchyRows
    .map((row): [number, number[]] => [
      parseHccNumber(row.HCC ?? ''),
      Object.entries(row)
        .filter(([key, value]) => key.startsWith('SecondaryHCC') && value !== '')
        .map(([, value]) => parseHccNumber(value)),
    ])
    .filter(([, children]) => children.length > 0);
  const groups = new Map<string, number[]>();
  for (const row of read(dir, 'V28_Diagnosis_Categories.csv')) {
    const members = Object.entries(row)
      .filter(([key, value]) => key.startsWith('hcc_') && value !== '')
      .map(([, value]) => parseHccNumber(value));
    groups.set(row.diag_category ?? '', members);
  }
  const interactions: InteractionRule[] = read(dir, 'V28_Interactions.csv').map((row) => ({
    name: row.interaction ?? '',
    left: row.var_1 ?? '',
    right: row.var_2 ?? '',
  }));
  const labels = new Map(read(dir, 'v28_hcc_labels.csv').map((row) => [Number(row.hcc), row.label ?? '']));
  return {
    name: 'v28',
    mapping: loadMapping(dir),
    labels,
    hierarchy,
    paymentHccs: hierarchyRows.map((row) => parseHccNumber(row.HCC ?? '')).sort((a, b) => a - b),
    groups,
    interactions,
    ...loadCoefficients(dir),
    institutionalOriginallyDisabled: 'ORIGDIS',
    heartRule: true,
  };
}
