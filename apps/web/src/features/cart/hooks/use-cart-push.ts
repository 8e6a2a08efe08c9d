import type { DxCaptureData } from '@cairn/contracts';
import { useRef, useState } from 'react';
import { usePushCartToEhr, type PushOutcome } from '../api/push-cart-to-ehr';
import { normalizeIcdCode } from '../utils/format';
import { codesThatFailed, codesToWrite, type PushState, type PushStateByCode } from '../utils/push-status';

export interface CartPush {
  /** This browser's own results, by normalised code. */
  outcomes: PushStateByCode;
  /** Normalised codes of the write in flight. */
  sendingCodes: ReadonlySet<string>;
  /** The last write's tally, for the line under the button. */
  lastTally: { written: number; failed: number } | undefined;
  toWrite: string[];
  failed: string[];
  isSending: boolean;
  send: (icdCodes: string[]) => void;
}

const NOTHING_SENDING: ReadonlySet<string> = new Set();

/**
 * Add to Encounter and Retry for one visit. One write at a time: a second click before the first
 * answers sends nothing (the ref answers at once, before React re-renders the disabled button).
 */
export function useCartPush(data: DxCaptureData): CartPush {
  const push = usePushCartToEhr(data.sid);
  const inFlight = useRef(false);
  const [outcomes, setOutcomes] = useState<PushStateByCode>(new Map());
  const [sendingCodes, setSendingCodes] = useState<ReadonlySet<string>>(NOTHING_SENDING);
  const [lastTally, setLastTally] = useState<CartPush['lastTally']>(undefined);

  function record(results: PushOutcome[]) {
    const at = new Date().toISOString();
    setOutcomes((previous) => {
      const next = new Map(previous);
      for (const result of results) {
        const state: PushState = { status: result.status, at };
        if (result.reason !== undefined) state.reason = result.reason;
        next.set(normalizeIcdCode(result.icdCode), state);
      }
      return next;
    });
    const written = results.filter((result) => result.status === 'written').length;
    setLastTally({ written, failed: results.length - written });
  }

  function send(icdCodes: string[]) {
    if (inFlight.current || icdCodes.length === 0) return;
    inFlight.current = true;
    setSendingCodes(new Set(icdCodes.map(normalizeIcdCode)));
    push.mutate(icdCodes, {
      onSuccess: record,
      onSettled: () => {
        inFlight.current = false;
        setSendingCodes(NOTHING_SENDING);
      },
    });
  }

  return {
    outcomes,
    sendingCodes,
    lastTally,
    toWrite: codesToWrite(data.cart, outcomes),
    failed: codesThatFailed(data.cart, outcomes),
    isSending: push.isPending,
    send,
  };
}
