import type { ClinicalResult, DxEvidence, LabReferenceRange, RiskEstimate } from '@cairn/contracts';
import { formatIcdCodeWithTitle, formatNumber, formatQuantity } from '@cairn/clinical/display';

/**
 * Values and codes as a clinician writes them, the one place every tab formats them: numbers as
 * reported (7.7, never 7.699999999999999, never cut to a fixed count of decimals; 7.70 when the source
 * reported two places and the server answers them as `decimals`), UCUM units in words
 * and signs (no `{score}`; mL/min/1.73 m²; mmHg), ICD-10-CM codes dotted with their title, RAF values to
 * CMS's three decimals and RAF terms in CMS's words. The rules themselves live in
 * `@cairn/clinical/display`, shared with the server's note drafts.
 */
export {
  formatIcdCode,
  formatIcdCodeWithTitle,
  formatNumber,
  formatQuantity,
  formatUnit,
  normalizeIcdCode,
  withUnit,
} from '@cairn/clinical/display';

/** A result's value: the number with its unit (and reported decimal places), or the coded or text answer as given. */
export function formatResultValue(result: Pick<ClinicalResult, 'value' | 'decimals' | 'valueText' | 'unit'>): string {
  if (result.value !== null) return formatQuantity(result.value, result.unit, { decimals: result.decimals });
  return result.valueText ?? '';
}

/** A reference range by its bounds: `4–5.6`, `≤ 200`, `≥ 60`; `''` without a bound (see its `text`). */
export function formatReferenceRange(range: Pick<LabReferenceRange, 'low' | 'high'> | null): string {
  if (!range) return '';
  if (range.low !== null && range.high !== null) return `${formatNumber(range.low)}–${formatNumber(range.high)}`;
  if (range.high !== null) return `≤ ${formatNumber(range.high)}`;
  return range.low !== null ? `≥ ${formatNumber(range.low)}` : '';
}

/**
 * What a piece of a suggestion's evidence says: a coded diagnosis or claim line by its code, dotted,
 * with its title (`E11.9 Type 2 diabetes mellitus without complications`, never the bare `E119` of a
 * claim); a result by its name and value as reported (`Hemoglobin A1c: 7.7%`, a PHQ-9 of `18`);
 * anything else by its text (a drug, a procedure, the snippet of a document).
 */
export function formatEvidenceValue(evidence: DxEvidence): string {
  const isDiagnosis = evidence.resourceType === 'Condition' || evidence.resourceType === 'Claim';
  if (isDiagnosis && evidence.code) return formatIcdCodeWithTitle(evidence.code, evidence.codeTitle ?? evidence.text);
  const value =
    evidence.value === undefined ? '' : formatQuantity(evidence.value, evidence.unit, { decimals: evidence.decimals });
  return [evidence.text, value].filter(Boolean).join(': ');
}

/** RAF scores and coefficients are read to three decimals, as CMS's coefficient tables print them. */
export function formatRaf(value: number): string {
  return value.toFixed(3);
}

/** A change of RAF with its sign: `+0.166`, `−0.050`. */
export function formatRafChange(value: number): string {
  return `${value < 0 ? '−' : '+'}${formatRaf(Math.abs(value))}`;
}

/**
 * A RAF interaction or count term in CMS's words, its `*` read as "×" (`Diabetes × Heart Failure`,
 * `5 payment HCCs`); CMS's variable name only when the server had no words for it.
 */
export function formatRafTerm(term: Pick<RiskEstimate['interactions'][number], 'name' | 'label'>): string {
  const words = term.label.trim();
  return words === '' ? term.name : words.replace(/\s*\*\s*/g, ' × ');
}

/** The terms worth showing: a term that adds nothing to the score (`+0.000`) is not shown. */
export function rafTermsToShow<T extends { raf: number }>(terms: readonly T[]): T[] {
  return terms.filter((term) => Number(formatRaf(term.raf)) !== 0);
}
