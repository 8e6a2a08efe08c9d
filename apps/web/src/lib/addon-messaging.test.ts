import { INBOUND_ADDON_MESSAGE_TYPES, type InboundAddonMessage } from '@cairn/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ADDON_ORIGIN_STORAGE_KEY,
  listenToAddon,
  parseAddonOrigin,
  postToAddon,
  readAddonOrigin,
  useAddonMessages,
  type AddonHandlers,
} from './addon-messaging';

const ADDON = 'https://ehr.example.org';

const EXAMPLES: Record<InboundAddonMessage['type'], InboundAddonMessage> = {
  ssoLoginSucceeded: { type: 'ssoLoginSucceeded', token: 'a.b.c' },
  cartLoad: { type: 'cartLoad', summaryId: 's1', diagnoses: [{ icd10Code: 'E11.9' }] },
  openFullScreen: { type: 'openFullScreen' },
  pushDiagnosesRequest: { type: 'pushDiagnosesRequest', requestId: 'r1', summaryId: 's1', icd10Codes: ['E11.9'] },
  reloadDiagnoses: { type: 'reloadDiagnoses' },
  updateOverlayNotifications: { type: 'updateOverlayNotifications', summaryId: 's1' },
  pushCptsRequest: { type: 'pushCptsRequest', requestId: 'r2', summaryId: 's1', cptCodes: ['99213'] },
  refreshHpi: { type: 'refreshHpi' },
  refreshPhysicalExam: { type: 'refreshPhysicalExam' },
  refreshPatientInstructions: { type: 'refreshPatientInstructions' },
  changeFrameSource: { type: 'changeFrameSource', path: '/overlay/patient/p1' },
};

function logger() {
  return { warn: vi.fn(), debug: vi.fn() };
}

function post(data: unknown, origin: string) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

const stops: (() => void)[] = [];
afterEach(() => {
  stops.splice(0).forEach((stop) => {
    stop();
  });
});

function listen(handlers: AddonHandlers, log = logger()) {
  stops.push(listenToAddon(handlers, { origin: ADDON, logger: log }));
  return log;
}

describe('the add-on origin', () => {
  it('accepts exactly an http(s) origin', () => {
    expect(parseAddonOrigin('https://ehr.example.org')).toBe(ADDON);
    expect(parseAddonOrigin('https://ehr.example.org/')).toBe(ADDON);
    expect(parseAddonOrigin('http://localhost:5175')).toBe('http://localhost:5175');
    expect(parseAddonOrigin('https://ehr.example.org/path')).toBeUndefined();
    expect(parseAddonOrigin('javascript:alert(1)')).toBeUndefined();
    expect(parseAddonOrigin('*')).toBeUndefined();
    expect(parseAddonOrigin('')).toBeUndefined();
  });

  it('survives navigation: remembered for the session once read from the query', () => {
    expect(readAddonOrigin({ search: `?addonOrigin=${encodeURIComponent(ADDON)}&x=1` })).toBe(ADDON);
    expect(readAddonOrigin({ search: '' })).toBe(ADDON);
    expect(sessionStorage.getItem(ADDON_ORIGIN_STORAGE_KEY)).toBe(ADDON);
  });

  it('ignores an invalid addonOrigin parameter', () => {
    expect(readAddonOrigin({ search: '?addonOrigin=ftp://x' })).toBeUndefined();
    expect(sessionStorage.getItem(ADDON_ORIGIN_STORAGE_KEY)).toBeNull();
  });
});

describe('listening to the add-on', () => {
  it('ignores a message from another origin', () => {
    const openFullScreen = vi.fn();
    const log = listen({ openFullScreen });
    post({ type: 'openFullScreen' }, 'https://evil.example.org');
    post({ type: 'openFullScreen' }, `${ADDON}:8443`);
    expect(openFullScreen).not.toHaveBeenCalled();
    expect(log.debug).toHaveBeenCalledTimes(2);
  });

  it('ignores a malformed message from the add-on, and logs it without its payload', () => {
    const pushDiagnosesRequest = vi.fn();
    const log = listen({ pushDiagnosesRequest });
    post({ type: 'pushDiagnosesRequest', requestId: 'r1', summaryId: 's1', icd10Codes: ['Jane Doe'] }, ADDON);
    post('not an object', ADDON);
    post({ type: 'unknownMessage' }, ADDON);
    expect(pushDiagnosesRequest).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledTimes(3);
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain('Jane Doe');
  });

  it.each(INBOUND_ADDON_MESSAGE_TYPES)('calls the handler of %s', (type) => {
    const handler = vi.fn();
    const other = vi.fn();
    listen({ [type]: handler, ...(type === 'openFullScreen' ? {} : { openFullScreen: other }) });
    post(EXAMPLES[type], ADDON);
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ type }));
    expect(other).not.toHaveBeenCalled();
  });

  it('stops listening when unsubscribed, and the hook listens with its latest handlers', () => {
    sessionStorage.setItem(ADDON_ORIGIN_STORAGE_KEY, ADDON);
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount, result } = renderHook(
      ({ handler }) => useAddonMessages({ reloadDiagnoses: handler }, { logger: logger() }),
      { initialProps: { handler: first } },
    );
    expect(result.current).toBe(ADDON);
    rerender({ handler: second });
    post({ type: 'reloadDiagnoses' }, ADDON);
    unmount();
    post({ type: 'reloadDiagnoses' }, ADDON);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});

describe('posting to the add-on', () => {
  function framedWindow() {
    const parent = { postMessage: vi.fn() };
    const self = { parent, sessionStorage } as unknown as Window;
    return { self, parent };
  }

  it('marks the message to-addon and addresses it to the add-on origin only', () => {
    const { self, parent } = framedWindow();
    sessionStorage.setItem(ADDON_ORIGIN_STORAGE_KEY, ADDON);
    const sent = postToAddon(
      {
        type: 'informEncounterStatus',
        summaryId: 's1',
        encounterId: null,
        isPushable: false,
        reason: 'EncounterIdMissing',
      },
      { window: self },
    );
    expect(sent).toBe(true);
    expect(parent.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'informEncounterStatus', destination: 'to-addon' }),
      ADDON,
    );
  });

  it('posts nothing without an add-on origin, or outside a frame', () => {
    const { self, parent } = framedWindow();
    const message = { type: 'addDiagnoses', summaryId: 's1', diagnoses: [{ icd10Code: 'E11.9', description: 'T2DM' }] };
    expect(postToAddon(message as never, { window: self })).toBe(false);
    expect(parent.postMessage).not.toHaveBeenCalled();
    const postMessage = vi.spyOn(window, 'postMessage');
    expect(postToAddon(message as never, { origin: ADDON })).toBe(false);
    expect(postMessage).not.toHaveBeenCalled();
  });
});
