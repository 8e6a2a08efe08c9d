import { getHccModel, getIcdCatalog, isChronic, recaptureCode, type HccCodeEdit } from '@cairn/clinical';

/**
 * The CMS-HCC V28 mapping of the codes an organisation's records hold, as rows the rebuild's SQL joins
 * on: a code yields an HCC for a patient whose age (on February 1 of the payment year, as CMS takes it)
 * is in [ageLow, ageHigh) and whose sex matches (an unknown sex takes the male rows, as CMS's software
 * does). The age range is the model's age edit and the Medicare Code Editor's range together.
 */
export interface CodeMapRow {
  code: string;
  /** `documented`: the code's own payment HCCs. `chronic`: the HCCs it recaptures as (see below). */
  kind: 'documented' | 'chronic';
  hcc: number;
  ageLow: number;
  /** Exclusive; null when unbounded. */
  ageHigh: number | null;
  sex: 'F' | 'M' | null;
}

/** Every pair of the V28 hierarchy: `parent` drops `child` when both are present. */
export interface HierarchyPair {
  parent: number;
  child: number;
}

function rowOf(code: string, kind: CodeMapRow['kind'], edit: HccCodeEdit): CodeMapRow | undefined {
  const low = Math.max(edit.age?.min ?? 0, edit.mceAge?.min ?? 0);
  const highs = [edit.age?.max, edit.mceAge?.max].filter((max) => max !== undefined).map((max) => max + 1);
  const high = highs.length > 0 ? Math.min(...highs) : null;
  if (high !== null && low >= high) return undefined;
  return { code, kind, hcc: edit.hcc, ageLow: low, ageHigh: high, sex: edit.sex ?? null };
}

/**
 * The rows of each code: its own payment HCCs (`documented`), and, when it is a chronic condition the
 * suspecting engine would recapture, the payment HCCs of the code it recaptures as (`chronic`): the
 * engine's own rules (`recaptureCode`: an acute episode of a chronic disease counts as the disease;
 * `isChronic`: not an injury, not an acute HCC), billable FY2026 codes only.
 */
export function mapCodes(codes: Iterable<string>): CodeMapRow[] {
  const model = getHccModel('v28');
  const catalog = getIcdCatalog();
  const rows: CodeMapRow[] = [];
  const paymentEdits = (code: string) => model.edits(code).filter((edit) => model.isPaymentHcc(edit.hcc));
  for (const code of new Set(codes)) {
    for (const edit of paymentEdits(code)) {
      const row = rowOf(code, 'documented', edit);
      if (row) rows.push(row);
    }
    const recaptured = recaptureCode(code);
    if (!catalog.isBillable(recaptured)) continue;
    const edits = paymentEdits(recaptured);
    if (!isChronic(recaptured, [...new Set(edits.map((edit) => edit.hcc))], 'v28')) continue;
    for (const edit of edits) {
      const row = rowOf(code, 'chronic', edit);
      if (row) rows.push(row);
    }
  }
  return rows;
}

/** The V28 hierarchy as pairs, from CMS's table. */
export function hierarchyPairs(): HierarchyPair[] {
  const model = getHccModel('v28');
  return model.paymentHccs().flatMap((parent) => model.children(parent).map((child) => ({ parent, child })));
}

/** Whether a number is a V28 payment HCC (a filter naming another is refused). */
export function isPaymentHcc(hcc: number): boolean {
  return getHccModel('v28').isPaymentHcc(hcc);
}

/** CMS's label of a V28 payment HCC (`Diabetes with Chronic Complications`), '' when it is none. */
export function hccLabel(hcc: number): string {
  return getHccModel('v28').label(hcc);
}
