import { describe, expect, it } from 'vitest';
import { INBOUND_ADDON_MESSAGE_TYPES, inboundAddonMessage, outboundAddonMessage } from './addon';

describe('add-on messages', () => {
  it('names every inbound message of the spec', () => {
    expect([...INBOUND_ADDON_MESSAGE_TYPES].sort()).toEqual(
      [
        'cartLoad',
        'changeFrameSource',
        'openFullScreen',
        'pushCptsRequest',
        'pushDiagnosesRequest',
        'refreshHpi',
        'refreshPatientInstructions',
        'refreshPhysicalExam',
        'reloadDiagnoses',
        'ssoLoginSucceeded',
        'updateOverlayNotifications',
      ].sort(),
    );
  });

  it('reads a push diagnoses request with ICD-10-CM codes', () => {
    const message = inboundAddonMessage.parse({
      type: 'pushDiagnosesRequest',
      requestId: 'r1',
      summaryId: 's1',
      icd10Codes: ['e11.9', 'I50.22'],
    });
    expect(message).toMatchObject({ icd10Codes: ['E11.9', 'I50.22'] });
  });

  it('refuses an unknown type, a bad code and a frame source on another site', () => {
    expect(inboundAddonMessage.safeParse({ type: 'deleteEverything' }).success).toBe(false);
    const badCode = { type: 'pushDiagnosesRequest', requestId: 'r1', summaryId: 's1', icd10Codes: ['not a code'] };
    expect(inboundAddonMessage.safeParse(badCode).success).toBe(false);
    expect(inboundAddonMessage.safeParse({ type: 'changeFrameSource', path: '//evil.example' }).success).toBe(false);
    expect(inboundAddonMessage.safeParse({ type: 'changeFrameSource', path: 'https://evil.example' }).success).toBe(
      false,
    );
  });

  it('requires every outbound message to be marked to-addon and every failure to give its reason', () => {
    const result = {
      type: 'pushDiagnosesResult',
      requestId: 'r1',
      summaryId: 's1',
      results: [{ icd10Code: 'E11.9', status: 'failed', reason: 'MissingEHRLiveData' }],
    };
    expect(outboundAddonMessage.safeParse({ ...result, destination: 'to-addon' }).success).toBe(true);
    expect(outboundAddonMessage.safeParse(result).success).toBe(false);
    const noReason = { ...result, destination: 'to-addon', results: [{ icd10Code: 'E11.9', status: 'failed' }] };
    expect(outboundAddonMessage.safeParse(noReason).success).toBe(false);
  });
});
