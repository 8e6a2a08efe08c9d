import { describe, expect, it } from 'vitest';
import { meatOf } from './dx-notes.service';
import { suggestionOf } from './dx-test-support';

describe('the note draft writes values as a clinician writes them', () => {
  it('writes a result as reported, without float noise or a UCUM annotation', () => {
    const { evidence } = suggestionOf('E1165', {
      evidence: [
        { resourceType: 'Observation', code: '4548-4', text: 'HbA1c', value: 7.1 + 0.6, unit: '%', date: '2026-05-01' },
        {
          resourceType: 'Observation',
          code: '44261-6',
          text: 'PHQ-9 total',
          value: 18,
          unit: '{score}',
          date: '2026-05-01',
        },
      ],
    });
    expect(meatOf(evidence).evaluate).toBe('HbA1c 7.7% on 2026-05-01; PHQ-9 total 18 on 2026-05-01');
  });

  it('writes the code of a claim line dotted, with its title', () => {
    const { evidence } = suggestionOf('E119', {
      evidence: [{ resourceType: 'Claim', code: 'E119', text: 'E119', date: '2025-07-09' }],
    });
    expect(meatOf(evidence).assess).toBe(
      'Coded on a claim on 2025-07-09: E11.9 Type 2 diabetes mellitus without complications',
    );
  });
});
