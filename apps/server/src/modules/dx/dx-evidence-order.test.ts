import type { SuggestionEvidence } from '@cairn/clinical';
import { describe, expect, it } from 'vitest';
import { strongestFirst } from './dx-evidence-order';

const fact = (resourceType: SuggestionEvidence['resourceType'], date: string): SuggestionEvidence => ({
  resourceType,
  resourceId: `${resourceType}-${date}`,
  date,
  source: 'EHR',
  ruleId: 'rule',
  ruleSource: 'source',
});

const evidence = [
  fact('MedicationRequest', '2026-05-01'),
  fact('Condition', '2024-03-10'),
  fact('Observation', '2026-02-01'),
  fact('Condition', '2025-06-19'),
  fact('DocumentReference', '2026-01-15'),
  fact('Observation', '2026-06-01'),
];
const order = (items: SuggestionEvidence[]) => items.map((item) => item.resourceId);

describe('strongestFirst', () => {
  it('puts the latest coded diagnosis first for a recapture', () => {
    expect(order(strongestFirst({ category: 'Recapture', evidence }))).toEqual([
      'Condition-2025-06-19',
      'Condition-2024-03-10',
      'DocumentReference-2026-01-15',
      'Observation-2026-06-01',
      'Observation-2026-02-01',
      'MedicationRequest-2026-05-01',
    ]);
  });

  it('puts the latest result first for a suspect that meets diagnostic criteria', () => {
    const ordered = strongestFirst({ category: 'Suspect', suspectKind: 'meets-diagnostic-criteria', evidence });
    expect(order(ordered).slice(0, 2)).toEqual(['Observation-2026-06-01', 'Observation-2026-02-01']);
  });

  it('puts the statement first for a suspect documented elsewhere, and the drug first for a correlation', () => {
    const documented = strongestFirst({ category: 'Suspect', suspectKind: 'documented-elsewhere', evidence });
    expect(order(documented)[0]).toBe('DocumentReference-2026-01-15');
    const correlated = strongestFirst({ category: 'Suspect', suspectKind: 'clinical-correlation-needed', evidence });
    expect(order(correlated)[0]).toBe('MedicationRequest-2026-05-01');
  });

  it('keeps every piece of evidence and leaves the suggestion as it was', () => {
    const before = [...evidence];
    expect(strongestFirst({ category: 'Recapture', evidence })).toHaveLength(evidence.length);
    expect(evidence).toEqual(before);
  });
});
