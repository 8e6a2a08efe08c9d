import { describe, expect, it } from 'vitest';
import { describePushFailure, formatIcdCode } from './format';

describe('formatIcdCode', () => {
  it('puts the dot after the category, however the code arrived', () => {
    expect(formatIcdCode('E1122')).toBe('E11.22');
    expect(formatIcdCode('e11.22')).toBe('E11.22');
    expect(formatIcdCode('I10')).toBe('I10');
  });
});

describe('describePushFailure', () => {
  it("says each of the spec's push-failure reasons in words", () => {
    expect(describePushFailure('EncounterIdMissing')).toBe('This visit has no encounter in the EHR yet');
    expect(describePushFailure('NonPushableStatus')).toBe('The encounter no longer accepts diagnoses');
    expect(describePushFailure('MissingEHRLiveData')).toBe('Open Cairn from the EHR to send diagnoses');
    expect(describePushFailure('PredictorNotImplementedForEHR')).toBe('This EHR does not accept diagnoses from Cairn');
  });

  it("passes the EHR's own text on, and says something when there is none", () => {
    expect(describePushFailure('HTTP 500 from the EHR')).toBe('HTTP 500 from the EHR');
    expect(describePushFailure(undefined)).toBe('The EHR did not take this diagnosis');
  });
});
