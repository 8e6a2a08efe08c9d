import { describe, expect, it } from 'vitest';
import { codesThatFailed, codesToWrite, latestPushState, type PushState } from './push-status';
import { aCartItem } from '../../../testing/factories';

const EARLIER = '2026-11-21T09:00:00.000Z';
const LATER = '2026-11-21T09:05:00.000Z';

function own(code: string, state: PushState): Map<string, PushState> {
  return new Map([[code, state]]);
}

describe('latestPushState', () => {
  it("prefers this browser's answer when it is newer than the stored result", () => {
    const item = aCartItem({ push: { status: 'failed', reason: 'NonPushableStatus', at: EARLIER } });
    expect(latestPushState(item, own('E1122', { status: 'written', at: LATER }))?.status).toBe('written');
  });

  it("prefers the stored result when someone wrote the code after this browser's answer", () => {
    const item = aCartItem({ push: { status: 'written', at: LATER } });
    expect(latestPushState(item, own('E1122', { status: 'failed', at: EARLIER }))?.status).toBe('written');
  });

  it('matches codes with and without their dot', () => {
    const item = aCartItem({ icdCode: 'E11.22' });
    expect(latestPushState(item, own('E1122', { status: 'written', at: LATER }))?.status).toBe('written');
  });
});

describe('the codes to send', () => {
  const cart = [
    aCartItem({ icdCode: 'E1122', push: { status: 'written', at: EARLIER } }),
    aCartItem({ icdCode: 'I10' }),
    aCartItem({ icdCode: 'N183', push: { status: 'failed', reason: 'EncounterIdMissing', at: EARLIER } }),
  ];

  it('Add to Encounter sends every code not yet written', () => {
    expect(codesToWrite(cart, new Map())).toEqual(['I10', 'N183']);
  });

  it('Retry sends only the failed ones', () => {
    expect(codesThatFailed(cart, new Map())).toEqual(['N183']);
  });
});
