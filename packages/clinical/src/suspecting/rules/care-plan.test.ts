import { describe, expect, it } from 'vitest';
import { findCodeEvidence } from '../code-evidence';
import { AS_OF, suggestedCodes, suggestionFor } from '../testing/expect-suggestions';
import { aCarePlan, aCondition, aMedication, aPatient, aSnomedReason, hba1c } from '../testing/factories';

const withPlan = (...carePlans: ReturnType<typeof aCarePlan>[]) => aPatient({ carePlans });

describe('care plans', () => {
  it('read an active plan by its words: heart failure, diabetes and COPD, clinical correlation needed', () => {
    const record = withPlan(
      aCarePlan('Heart failure self management plan', '2019-03-01'),
      aCarePlan('Diabetes self management plan', '2020-05-01'),
      aCarePlan('Chronic obstructive pulmonary disease clinical management plan', '2021-01-01'),
    );
    expect(suggestedCodes(record)).toEqual(['E119', 'I509', 'J449']);
    const suggestion = suggestionFor(record, 'I509');
    expect(suggestion).toMatchObject({ category: 'Suspect', suspectKind: 'clinical-correlation-needed' });
    expect(suggestion?.evidence).toEqual([
      expect.objectContaining({
        resourceType: 'CarePlan',
        date: '2019-03-01',
        text: 'Care plan: Heart failure self management plan (active since 2019-03-01)',
        ruleId: 'care-plan',
      }),
    ]);
  });

  it('read the title, description and activities too, with the assertion rules of notes', () => {
    expect(
      suggestedCodes(withPlan(aCarePlan('Assessment and Plan of Treatment', '2025-01-01', { title: 'COPD' }))),
    ).toEqual(['J449']);
    const activities = [{ display: 'Education about dementia', reasons: [] }];
    expect(suggestedCodes(withPlan(aCarePlan('Self care', '2025-01-01', { activities })))).toEqual([]);
    const description = 'No evidence of heart failure; rule out COPD.';
    expect(suggestedCodes(withPlan(aCarePlan('Care plan', '2025-01-01', { description })))).toEqual([]);
  });

  it('are not evidence when completed, revoked, entered in error, draft, proposed, ended or not yet started', () => {
    const plans = [
      aCarePlan('Heart failure self management plan', '2019-03-01', { status: 'completed' }),
      aCarePlan('Heart failure self management plan', '2019-03-01', { status: 'revoked' }),
      aCarePlan('Heart failure self management plan', '2019-03-01', { status: 'entered-in-error' }),
      aCarePlan('Heart failure self management plan', '2019-03-01', { status: 'draft' }),
      aCarePlan('Heart failure self management plan', '2019-03-01', { intent: 'proposal' }),
      aCarePlan('Heart failure self management plan', '2019-03-01', { endDate: '2026-05-31' }),
      aCarePlan('Heart failure self management plan', '2026-06-02'),
    ];
    expect(suggestedCodes(withPlan(...plans))).toEqual([]);
    const onHold = aCarePlan('Heart failure self management plan', '2019-03-01', { status: 'on-hold' });
    expect(suggestionFor(withPlan(onHold), 'I509')?.evidence[0]?.text).toBe(
      'Care plan: Heart failure self management plan (on hold, started 2019-03-01)',
    );
  });

  it('read a plan by the conditions it addresses and its coded activity reasons rather than its words', () => {
    const prediabetes = aCondition('R7303', '2018-01-01', { display: 'Prediabetes' });
    const heartFailure = aCondition(undefined, '2018-01-01', { display: 'Heart failure', snomedCode: '84114007' });
    const addressingPrediabetes = aCarePlan('Diabetes self management plan', '2018-01-01', {
      addressedConditionIds: [prediabetes.id],
    });
    const coded = aCarePlan('Self management plan', '2019-03-01', {
      activities: [
        { display: 'Low salt diet', reasons: [aSnomedReason('88805009', 'Chronic congestive heart failure', 'I509')] },
      ],
    });
    const record = aPatient({ conditions: [prediabetes, heartFailure], carePlans: [addressingPrediabetes, coded] });
    expect(suggestedCodes(record).filter((code) => code.startsWith('E'))).toEqual([]);
    expect(suggestionFor(record, 'I509')?.evidence).toContainEqual(
      expect.objectContaining({
        resourceType: 'CarePlan',
        code: 'I509',
        text: 'Care plan: Self management plan (active since 2019-03-01), for Chronic congestive heart failure (SNOMED CT 88805009)',
      }),
    );
  });

  it('add to the suggestion of an addressed condition that is present, not of one that ended', () => {
    const copd = aCondition('J449', '2025-02-01', { display: 'COPD' });
    const plan = aCarePlan('Respiratory care', '2025-02-01', { addressedConditionIds: [copd.id] });
    const suggestion = suggestionFor(aPatient({ conditions: [copd], carePlans: [plan] }), 'J449');
    expect(suggestion?.category).toBe('Recapture');
    expect(suggestion?.evidence.map((item) => item.resourceType)).toEqual(['Condition', 'CarePlan']);
    const resolved = aCondition('J449', '2025-02-01', { clinicalStatus: 'resolved' });
    const stale = aCarePlan('Respiratory care', '2025-02-01', { addressedConditionIds: [resolved.id] });
    expect(suggestedCodes(aPatient({ conditions: [resolved], carePlans: [stale] }))).toEqual([]);
  });

  it('read a diabetes plan in words as prediabetes care when the HbA1c is below 6.5 % and no glucose-lowering drug is taken', () => {
    const plan = aCarePlan('Diabetes self management plan', '2020-05-01');
    expect(suggestedCodes(aPatient({ carePlans: [plan], observations: [hba1c(6.1, '2026-01-10')] }))).toEqual([]);
    const onMetformin = aPatient({
      carePlans: [plan],
      observations: [hba1c(6.1, '2026-01-10')],
      medications: [aMedication('metformin hydrochloride 500 MG Oral Tablet', '2025-01-01')],
    });
    expect(suggestedCodes(onMetformin)).toContain('E119');
    expect(suggestedCodes(aPatient({ carePlans: [plan], observations: [hba1c(7.4, '2026-01-10')] }))).toContain('E119');
  });

  it("are evidence a note's MEAT finds for the code", () => {
    const record = withPlan(aCarePlan('Heart failure self management plan', '2019-03-01'));
    expect(findCodeEvidence(record, { code: 'I50.22', asOf: AS_OF })).toEqual([
      expect.objectContaining({ resourceType: 'CarePlan', ruleId: 'care-plan' }),
    ]);
  });
});
