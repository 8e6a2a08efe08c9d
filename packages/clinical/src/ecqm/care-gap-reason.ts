/**
 * The one sentence a care gap shows to say why it is open, closed or does not apply, read from the CQL
 * engine's populations and their evidence (`toCareGap`). A MeasureReport says which populations hold, not
 * which criterion failed, so an open gap's sentence says what was found, when the measure's evidence has
 * it (the most recent blood pressure that was not below 140/90), or what closes the gap by when, with the
 * lookback windows of the measures' CQL (measurement period 2025 logic) dated for the period evaluated.
 */
import type { CareGapEvidence, MeasureId, NotApplicableReason } from '../care-gaps/types';

export interface CareGapReasonInput {
  measureId: MeasureId;
  status: 'open' | 'closed' | 'not-applicable';
  notApplicableReason?: NotApplicableReason;
  /** The measurement period evaluated (`2026-01-01` to `2026-12-31`). */
  period: { start: string; end: string };
  evidence: readonly CareGapEvidence[];
}

/** Depression screening assessments (CMS2's direct-reference codes, LOINC). */
const DEPRESSION_SCREENINGS = new Set(['73831-0', '73832-8']);
/** BMI (LOINC 39156-5). */
const BMI = '39156-5';

/** The sentence for a gap (see the module comment). */
export function careGapReason(input: CareGapReasonInput): string {
  const year = Number(input.period.start.slice(0, 4));
  if (input.status === 'not-applicable') return notApplicableSentence(input, year);
  const numerator = latestFirst(input.evidence.filter((item) => item.role === 'numerator'));
  return input.status === 'closed' ? closedSentence(input.measureId, numerator) : openSentence(input, numerator, year);
}

function notApplicableSentence(input: CareGapReasonInput, year: number): string {
  const [exclusion] = latestFirst(input.evidence.filter((item) => item.role === 'exclusion'));
  switch (input.notApplicableReason ?? 'not-in-population') {
    case 'excluded':
      return exclusion
        ? `Excluded: ${found(exclusion)}.`
        : 'Excluded by a denominator exclusion (such as hospice or palliative care).';
    case 'excepted':
      return exclusion
        ? `Excepted: ${found(exclusion)}.`
        : 'Excepted by a denominator exception (a medical or patient reason).';
    case 'not-in-population':
      return `Not in the measure's population in ${String(year)} (age, sex, diagnosis or qualifying visit).`;
  }
}

function closedSentence(measureId: MeasureId, numerator: readonly CareGapEvidence[]): string {
  const [latest] = numerator;
  if (measureId === 'CMS122') {
    const reading = latestReading(numerator);
    return reading
      ? `Most recent HbA1c or GMI ${valueOf(reading)} (${reading.date}) is 9.0 % or lower.`
      : 'Most recent HbA1c or GMI is 9.0 % or lower.';
  }
  if (measureId === 'CMS165') {
    const panel = lowestOnLatestDay(numerator);
    return panel
      ? `Most recent blood pressure ${valueOf(panel)} (${panel.date}) is below 140/90.`
      : 'Most recent blood pressure is below 140/90.';
  }
  if (measureId === 'CMS951') {
    const tests = numerator.filter((item) => item.resourceType === 'Observation').slice(0, 2);
    if (tests.length > 0) return `Met by ${tests.map(found).join(' and ')}.`;
  }
  return latest ? `Met by ${found(latest)}.` : "The measure's numerator is met.";
}

function openSentence(input: CareGapReasonInput, numerator: readonly CareGapEvidence[], year: number): string {
  const inPeriod = numerator.filter((item) => item.date >= input.period.start && item.date <= input.period.end);
  const yearText = String(year);
  switch (input.measureId) {
    case 'CMS122': {
      const reading = latestReading(inPeriod);
      if (!reading) return `No HbA1c or GMI in ${yearText}.`;
      return reading.value === undefined
        ? `Most recent HbA1c or GMI (${reading.date}) has no result.`
        : `Most recent HbA1c or GMI ${valueOf(reading)} (${reading.date}) is above 9.0 %.`;
    }
    case 'CMS165': {
      const panel = lowestOnLatestDay(inPeriod);
      return panel
        ? `Most recent blood pressure ${valueOf(panel)} (${panel.date}) is not below 140/90.`
        : `No blood pressure reading in ${yearText}.`;
    }
    case 'CMS69': {
      const [bmi] = inPeriod.filter((item) => item.resourceType === 'Observation' && item.code === BMI);
      return bmi
        ? `BMI ${valueOf(bmi)} (${bmi.date}) is outside 18.5 to 25 kg/m² and no follow-up plan is recorded in ${yearText}.`
        : `No BMI in ${yearText}.`;
    }
    case 'CMS2':
      return depressionSentence(numerator, yearText);
    case 'CMS138':
      return tobaccoSentence(inPeriod, numerator, yearText);
    case 'CMS124':
    case 'CMS125':
    case 'CMS130':
    case 'CMS131':
    case 'CMS159':
    case 'CMS347':
    case 'CMS951':
      return WHAT_IS_MISSING[input.measureId](year);
  }
}

function depressionSentence(numerator: readonly CareGapEvidence[], year: string): string {
  const [screening] = numerator.filter((item) => item.code !== undefined && DEPRESSION_SCREENINGS.has(item.code));
  if (screening && /positive/i.test(String(screening.value ?? screening.description)))
    return `Depression screening positive (${screening.date}) with no follow-up plan on the visit day or up to 2 days after.`;
  const last = screening ? ` (last on ${screening.date})` : '';
  return `No depression screening on the day of a visit in ${year} or in the 14 days before it${last}.`;
}

function tobaccoSentence(
  inPeriod: readonly CareGapEvidence[],
  numerator: readonly CareGapEvidence[],
  year: string,
): string {
  const [screening] = inPeriod.filter((item) => item.resourceType === 'Observation');
  if (screening) return `Tobacco user (${screening.date}) with no cessation counseling or medication recorded.`;
  const [earlier] = numerator.filter((item) => item.resourceType === 'Observation');
  return `No tobacco use screening in ${year}${earlier ? ` (last on ${earlier.date})` : ''}.`;
}

/** What an open gap lacks, with the measure's lookback dated for the period (the measures' 2025 CQL). */
const WHAT_IS_MISSING: Record<
  Exclude<MeasureId, 'CMS122' | 'CMS165' | 'CMS69' | 'CMS2' | 'CMS138'>,
  (year: number) => string
> = {
  CMS125: (year) => `No mammogram since ${String(year - 2)}-10-01.`,
  CMS130: (year) =>
    `No colorectal cancer screening in its window: FOBT in ${String(year)}, stool DNA with FIT since ${String(year - 2)}, flexible sigmoidoscopy or CT colonography since ${String(year - 4)}, colonoscopy since ${String(year - 9)}.`,
  CMS124: (year) =>
    `No cervical cytology since ${String(year - 2)} (age 21 or older) and no HPV test since ${String(year - 4)} (age 30 or older).`,
  CMS131: (year) =>
    `No retinal or dilated eye exam in ${String(year)} (or in ${String(year - 1)} without retinopathy).`,
  CMS951: (year) => `No eGFR and urine albumin-creatinine ratio both in ${String(year)}.`,
  CMS347: (year) => `No statin in use or prescribed in ${String(year)}.`,
  CMS159: () => 'No PHQ-9 (or PHQ-9M) below 5 at twelve months (± 60 days) after the index visit.',
};

const latestFirst = (items: readonly CareGapEvidence[]): CareGapEvidence[] =>
  [...items].sort((left, right) => right.date.localeCompare(left.date));

/** The latest observation (its result, if any, decides CMS122). */
function latestReading(items: readonly CareGapEvidence[]): CareGapEvidence | undefined {
  return latestFirst(items).find((item) => item.resourceType === 'Observation');
}

/** CMS165 reads the lowest systolic and diastolic of the most recent day: the panel of that day with the lowest systolic. */
function lowestOnLatestDay(items: readonly CareGapEvidence[]): CareGapEvidence | undefined {
  const panels = latestFirst(items).filter((item) => item.resourceType === 'Observation' && item.value !== undefined);
  const day = panels[0]?.date;
  const systolic = (item: CareGapEvidence) => Number(String(item.value).split('/')[0]);
  return panels.filter((item) => item.date === day).sort((left, right) => systolic(left) - systolic(right))[0];
}

const valueOf = (item: CareGapEvidence): string =>
  `${String(item.value ?? '')}${item.unit ? ` ${item.unit === 'mm[Hg]' ? 'mmHg' : item.unit}` : ''}`.trim();

const found = (item: CareGapEvidence): string => `${item.description} (${item.date})`;
