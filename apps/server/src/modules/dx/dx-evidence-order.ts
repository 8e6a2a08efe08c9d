import type { Suggestion, SuggestionEvidence } from '@cairn/clinical';

type ResourceType = SuggestionEvidence['resourceType'];

/**
 * The kinds of record that show a suggestion best, strongest first, for each way it was found: a
 * recapture rests on the code coded before (a diagnosis, a claim, a coded visit reason), a documented
 * suspect on the statement, a met criterion on the result, and a correlation on the care plan made for
 * the condition or the drug that implies it.
 */
const STRENGTH: Record<'Recapture' | NonNullable<Suggestion['suspectKind']>, readonly ResourceType[]> = {
  Recapture: [
    'Condition',
    'Claim',
    'Encounter',
    'DocumentReference',
    'CarePlan',
    'Observation',
    'Procedure',
    'MedicationRequest',
  ],
  'documented-elsewhere': [
    'DocumentReference',
    'Condition',
    'Claim',
    'Encounter',
    'CarePlan',
    'Observation',
    'Procedure',
    'MedicationRequest',
  ],
  'meets-diagnostic-criteria': [
    'Observation',
    'Procedure',
    'Condition',
    'DocumentReference',
    'Claim',
    'Encounter',
    'CarePlan',
    'MedicationRequest',
  ],
  'clinical-correlation-needed': [
    'CarePlan',
    'MedicationRequest',
    'Observation',
    'Procedure',
    'Condition',
    'DocumentReference',
    'Claim',
    'Encounter',
  ],
};

/**
 * A suggestion's evidence strongest first (issue 16: the tab shows the first and folds the rest): by
 * the kind of record that best supports the way the suggestion was found, then the latest first.
 *
 * @example strongestFirst(recapture) // [the latest coded Condition, ..., the oldest medication]
 */
export function strongestFirst(suggestion: {
  category: Suggestion['category'];
  suspectKind?: Suggestion['suspectKind'];
  evidence: readonly SuggestionEvidence[];
}): SuggestionEvidence[] {
  const order =
    STRENGTH[
      suggestion.category === 'Recapture' ? 'Recapture' : (suggestion.suspectKind ?? 'clinical-correlation-needed')
    ];
  const rank = (item: SuggestionEvidence): number => {
    const index = order.indexOf(item.resourceType);
    return index === -1 ? order.length : index;
  };
  return [...suggestion.evidence].sort(
    (left, right) => rank(left) - rank(right) || (left.date < right.date ? 1 : left.date > right.date ? -1 : 0),
  );
}
