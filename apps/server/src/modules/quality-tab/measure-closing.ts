/**
 * What closes each measure's gap, in one plain sentence for the Quality Insights tab (issue 19).
 *
 * Source: the numerator (and, for the age limits, the initial population) descriptions of the CMS
 * eCQM Measure resources, measurement period 2025 (cqframework/ecqm-content-qicore-2024, commit
 * 9ebd48ffe, CC0 1.0), shortened to what a provider acts on. "This year" is the measurement period
 * (the calendar year). CMS122 is inverse: its numerator is poor control, so the gap closes when the
 * numerator is not met. A measure the engine evaluates but that is not listed here shows no sentence.
 */
export const MEASURE_CLOSING: Readonly<Record<string, string>> = {
  // "Patients whose most recent glycemic status assessment (HbA1c or GMI) ... is >9.0% or is missing,
  // or was not performed during the measurement period" (the numerator counts poor control).
  CMS122: 'Most recent HbA1c or GMI this year at 9.0 % or lower (none, or one without a result, keeps it open).',
  // "Cervical cytology performed during the measurement period or the two years prior ... (21+);
  // cervical HPV testing during the measurement period or the four years prior ... (30+)."
  CMS124:
    'Cervical cytology within the last 3 years (age 21 or older), or an HPV test within the last 5 years (age 30 or older).',
  // "One or more mammograms any time on or between October 1 two years prior to the measurement period
  // and the end of the measurement period."
  CMS125: 'A mammogram from 1 October two years before this year to the end of this year (27 months).',
  // "FOBT during the measurement period; sDNA with FIT during the period or the two years prior;
  // flexible sigmoidoscopy or CT colonography during the period or the four years prior; colonoscopy
  // during the period or the nine years prior."
  CMS130:
    'FOBT/FIT this year, stool DNA with FIT within 3 years, flexible sigmoidoscopy or CT colonography within 5 years, or colonoscopy within 10 years.',
  // "A retinal or dilated eye exam by an eye care professional in the measurement period (with
  // retinopathy), or in the measurement period or the year prior (without)."
  CMS131:
    'A retinal or dilated eye exam by an eye care professional this year (or last year, when there is no retinopathy).',
  // "Screened for tobacco use at least once during the measurement period AND received tobacco
  // cessation intervention during the measurement period or in the six months prior ... if identified
  // as a tobacco user."
  CMS138:
    'A tobacco use screening this year and, for a tobacco user, cessation counseling or medication (from six months before this year).',
  // "Achieved remission at twelve months as demonstrated by the most recent twelve month (+/- 60 days)
  // PHQ-9 or PHQ-9M score of less than five."
  CMS159: 'A PHQ-9 (or PHQ-9M) score below 5 twelve months (± 60 days) after the index visit.',
  // "Most recent blood pressure is adequately controlled (systolic blood pressure < 140 mmHg and
  // diastolic blood pressure < 90 mmHg) during the measurement period."
  CMS165: 'Most recent blood pressure this year below 140/90 mmHg (systolic under 140 and diastolic under 90).',
  // "Screened for depression on the date of the encounter or up to 14 days prior ... AND if positive,
  // a follow-up plan is documented on the date of or up to two days after the date of the qualifying
  // encounter."
  CMS2: 'A depression screening on the visit day or in the 14 days before it and, if positive, a follow-up plan on the visit day or up to 2 days after.',
  // "Actively using or who receive an order (prescription) for statin therapy at any time during the
  // measurement period."
  CMS347: 'A statin in use or prescribed this year.',
  // "A documented BMI during the encounter or during the measurement period, AND when the BMI is outside
  // of normal parameters, a follow-up plan is documented during the encounter or the measurement period."
  CMS69: 'A BMI this year and, when it is outside 18.5 to 25 kg/m², a follow-up plan this year.',
  // "Received a kidney health evaluation defined by an eGFR AND uACR within the measurement period."
  CMS951: 'Both an eGFR and a urine albumin-creatinine ratio (uACR) this year.',
};

/** The sentence for a measure, or null when Cairn has none for it. */
export function closesWhen(measureId: string): string | null {
  return Object.hasOwn(MEASURE_CLOSING, measureId) ? (MEASURE_CLOSING[measureId] ?? null) : null;
}
