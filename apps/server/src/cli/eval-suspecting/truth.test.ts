import { type ConditionRecord, emptyPatientRecord, getHccModel } from '@cairn/clinical';
import { describe, expect, it } from 'vitest';
import { truthOf } from './truth';

const AS_OF = '2025-06-01';

function condition(overrides: Partial<ConditionRecord>): ConditionRecord {
  return {
    id: overrides.icdCode ?? overrides.snomedCode ?? 'c',
    display: 'a condition',
    date: '2020-01-01',
    clinicalStatus: 'active',
    category: 'encounter-diagnosis',
    source: 'EHR',
    ...overrides,
  };
}

function truthFor(conditions: ConditionRecord[]) {
  const record = emptyPatientRecord('p', { birthDate: '1950-02-01', sex: 'M' });
  record.conditions.push(...conditions);
  return truthOf(record, { asOf: AS_OF, model: getHccModel('v28') });
}

describe('truthOf', () => {
  it('takes an active chronic condition of a payment HCC, however old', () => {
    expect(truthFor([condition({ icdCode: 'I509' })]).hccs.map((item) => item.hcc)).toEqual([226]);
  });

  it('leaves out resolved, abated, refuted and acute conditions', () => {
    const truth = truthFor([
      condition({ icdCode: 'I509', clinicalStatus: 'resolved' }),
      condition({ icdCode: 'J449', abatementDate: '2024-01-01' }),
      condition({ icdCode: 'G309', verificationStatus: 'refuted' }),
      condition({ icdCode: 'I219' }),
    ]);
    expect(truth.hccs).toEqual([]);
  });

  it('keeps only the highest HCC of a hierarchy', () => {
    const truth = truthFor([condition({ icdCode: 'E119' }), condition({ icdCode: 'E1122' })]);
    expect(truth.hccs.map((item) => item.hcc)).toEqual([37]);
  });

  it('lists an active condition without an ICD-10-CM code as unmapped', () => {
    const truth = truthFor([condition({ snomedCode: '410429000', display: 'Cardiac Arrest' })]);
    expect(truth.unmapped).toEqual([{ snomedCode: '410429000', display: 'Cardiac Arrest' }]);
  });
});
