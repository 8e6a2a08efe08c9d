import { daysBetween } from '../dates';
import { latestDiagnosis, resultsOf, type PatientIndex } from '../patient-index';
import { diagnosisEvidence, observationEvidence, type SuspectRule } from './rule';

const PHQ9 =
  'Kroenke K, Spitzer RL, Williams JB. The PHQ-9. J Gen Intern Med 2001;16:606-613 (15-19 moderately severe, 20-27 severe depression); DSM-5 recurrent episode after >= 2 months in remission';

/** PHQ-9 bands (Kroenke 2001): moderately severe 15-19 -> ICD "moderate" (F32.1/F33.1), severe 20-27 -> F32.2/F33.2. */
export const PHQ9_MODERATELY_SEVERE = 15;
export const PHQ9_SEVERE = 20;
/** PHQ-9 below 5 is "minimal or none": taken here as remission between two episodes. */
export const PHQ9_REMISSION = 5;
const PHQ9_RECENT_DAYS = 365;

/** A single-episode MDD code that an earlier episode was coded with (F32.0-F32.5, F32.9). */
const SINGLE_EPISODE = ['F320', 'F321', 'F322', 'F323', 'F324', 'F325', 'F329'];

/** A prior episode: any recurrent MDD code, or a single-episode code followed by a remission score before the current score. */
function isRecurrent(index: PatientIndex, currentDate: string): boolean {
  if (latestDiagnosis(index, ['F33'])) return true;
  const earlier = (index.diagnosesByCategory.get('F32') ?? []).find(
    (d) => d.date < currentDate && SINGLE_EPISODE.some((code) => d.code.startsWith(code)),
  );
  if (!earlier) return false;
  return resultsOf(index, 'phq9').some(
    (result) => result.date > earlier.date && result.date < currentDate && (result.value ?? Infinity) < PHQ9_REMISSION,
  );
}

export const phq9DepressionRule: SuspectRule = {
  id: 'phq9-major-depression',
  kind: 'meets-diagnostic-criteria',
  source: PHQ9,
  evaluate(index) {
    const latest = resultsOf(index, 'phq9').at(-1);
    if (latest?.value === undefined || latest.value < PHQ9_MODERATELY_SEVERE) return [];
    if (daysBetween(latest.date, index.asOf) > PHQ9_RECENT_DAYS) return [];
    // Depressive episodes of bipolar disorder or schizoaffective disorder are coded there, not as MDD.
    if (latestDiagnosis(index, ['F31', 'F25'])) return [];
    const severity = latest.value >= PHQ9_SEVERE ? '2' : '1';
    const recurrent = isRecurrent(index, latest.date);
    const evidence = [observationEvidence(latest, this)];
    const prior = latestDiagnosis(index, ['F32', 'F33']);
    if (recurrent && prior) evidence.unshift(diagnosisEvidence(prior, this));
    return [{ code: `${recurrent ? 'F33' : 'F32'}${severity}`, evidence }];
  },
};
