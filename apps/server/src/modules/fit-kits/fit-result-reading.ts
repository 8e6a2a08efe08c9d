/** How a FIT result's reported value reads: positive, negative, or neither (kept as reported). */
export type FitResultReading = 'positive' | 'negative' | null;

export interface ReportedValue {
  value: number | null;
  unit: string | null;
  valueCode: string | null;
  valueText: string | null;
  interpretation: string | null;
}

/**
 * Coded answers of a qualitative stool test: SNOMED CT (Positive 10828004, Detected 260373001; Negative
 * 260385009, Not detected 260415000) and LOINC answer lists (LA6576-8 Positive, LA11882-0 Detected;
 * LA6577-6 Negative, LA11883-8 Not detected).
 */
const POSITIVE_CODES = new Set(['10828004', '260373001', 'LA6576-8', 'LA11882-0']);
const NEGATIVE_CODES = new Set(['260385009', '260415000', 'LA6577-6', 'LA11883-8']);
const POSITIVE_WORDS = new Set(['positive', 'pos', 'detected', 'abnormal', 'reactive', '+']);
const NEGATIVE_WORDS = new Set(['negative', 'neg', 'not detected', 'none detected', 'normal', 'non-reactive', '-']);
/** HL7 v3 ObservationInterpretation: positive, detected, abnormal (high); negative, not detected, normal. */
const POSITIVE_INTERPRETATIONS = new Set(['POS', 'DET', 'A', 'AA', 'H', 'HH']);
const NEGATIVE_INTERPRETATIONS = new Set(['NEG', 'ND', 'N']);

/** A result word as people and labs write it, or undefined when it is not one. */
export function readResultWord(text: string): FitResultReading | undefined {
  const word = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (POSITIVE_WORDS.has(word)) return 'positive';
  if (NEGATIVE_WORDS.has(word)) return 'negative';
  return undefined;
}

/** The coded answer first, then the answer's words, then the lab's interpretation flag. */
export function readFitResult(reported: ReportedValue): FitResultReading {
  if (reported.valueCode && POSITIVE_CODES.has(reported.valueCode)) return 'positive';
  if (reported.valueCode && NEGATIVE_CODES.has(reported.valueCode)) return 'negative';
  const word = reported.valueText === null ? undefined : readResultWord(reported.valueText);
  if (word !== undefined) return word;
  const flag = reported.interpretation?.toUpperCase();
  if (flag && POSITIVE_INTERPRETATIONS.has(flag)) return 'positive';
  if (flag && NEGATIVE_INTERPRETATIONS.has(flag)) return 'negative';
  return null;
}

/** The value as the lab reported it, in words. */
export function reportedText(reported: ReportedValue): string | null {
  if (reported.valueText) return reported.valueText;
  if (reported.value !== null) return `${String(reported.value)}${reported.unit ? ` ${reported.unit}` : ''}`;
  return reported.valueCode;
}
