import { describe, expect, it } from 'vitest';
import { anEvidence } from '../../../testing/factories';
import { distinctFacts, ruleSourcesOf } from './evidence';

describe('distinctFacts', () => {
  it('shows a fact used by two rules once, keeping the order', () => {
    const claim = anEvidence({ resourceType: 'Claim', date: '2024-03-10', code: 'E119', ruleSource: 'CMS' });
    const lab = anEvidence({ date: '2026-02-01', ruleSource: 'ADA 2025' });
    expect(distinctFacts([lab, claim, { ...claim, ruleSource: 'ICD-10-CM guidelines' }])).toEqual([lab, claim]);
  });

  it('keeps two results of one test on different dates, or with different values, apart', () => {
    const first = anEvidence({ date: '2026-02-01', value: 8.1 });
    expect(distinctFacts([first, { ...first, date: '2026-05-01' }, { ...first, value: 9 }])).toHaveLength(3);
  });
});

describe('ruleSourcesOf', () => {
  it('names each rule once, in the order the evidence cites it, and no empty one', () => {
    const evidence = [
      anEvidence({ ruleSource: 'KDIGO 2012' }),
      anEvidence({ ruleSource: 'ADA 2025' }),
      anEvidence({ ruleSource: 'KDIGO 2012' }),
      anEvidence({ ruleSource: ' ' }),
    ];
    expect(ruleSourcesOf(evidence)).toEqual(['KDIGO 2012', 'ADA 2025']);
  });
});
