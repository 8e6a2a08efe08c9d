import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { LOCAL_STORAGE_KEYS, SESSION_STORAGE_KEYS } from '../../../lib/storage-keys';
import { EHR_LAUNCH_BINDING_KEY, EhrLaunchError, completeEhrLaunch, runEhrLaunch } from './smart-launch';
import { ehrLaunchRequestIn, isEhrLaunchAnswer, redirectUriOf } from './smart-rules';
import { answerApi } from '../../../testing/answer-api';
import { providerToken } from '../../../testing/session';

const ORIGIN = 'https://cairn.example';
const EPIC_LOGIN = { origin: ORIGIN, pathname: '/epic/login' };
const ISS = 'https://ehr.example/fhir/R4';
const DATA_SOURCE_ID = '33333333-3333-4333-8333-333333333333';
const SID = '22222222-2222-4222-8222-222222222222';
const DOCUMENT_ID = '44444444-4444-4444-8444-444444444444';
const AUTHORIZE_URL = 'https://ehr.example/oauth2/authorize?client_id=cairn&state=s1';
const SMART_CONFIG = {
  iss: ISS,
  audience: ISS,
  authorizationEndpoint: 'https://ehr.example/oauth2/authorize',
  tokenEndpoint: 'https://ehr.example/oauth2/token',
};
const BINDING = 'b'.repeat(32);

function refusal(status: number, reason: string, message = 'Refused.') {
  return {
    status,
    body: { error: { code: status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN', message, details: { reason } } },
  };
}

/** What the browser holds once a launch started here and the EHR sent it back. */
function launchStartedInThisBrowser(smartConfig: Partial<typeof SMART_CONFIG> = SMART_CONFIG) {
  localStorage.setItem(LOCAL_STORAGE_KEYS.smartConfig, JSON.stringify(smartConfig));
  localStorage.setItem(LOCAL_STORAGE_KEYS.ehrConnectionName, 'cairn-fhir-connection');
  localStorage.setItem(LOCAL_STORAGE_KEYS.ehrDataSourceId, DATA_SOURCE_ID);
  sessionStorage.setItem(EHR_LAUNCH_BINDING_KEY, BINDING);
}

function exchangeAnswering(result: Record<string, unknown>) {
  return answerApi({
    '/getEpicTokenAndAppContext': {
      body: { result: { jwtToken: providerToken(), refreshToken: 'refresh-1', ...result } },
    },
  });
}

const CODE_ANSWER = { kind: 'code', code: 'the-code', state: 'the-state' } as const;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  sessionStore.reset();
});

describe('reading the launch URL', () => {
  it('starts a launch on the EMR login routes with iss and launch', () => {
    const search = `?iss=${encodeURIComponent(ISS)}&launch=abc`;
    for (const pathname of ['/epic/login', '/overlay/epic/login/x', '/veradigm/launch']) {
      expect(ehrLaunchRequestIn({ pathname, search })).toEqual({ kind: 'start', iss: ISS, launch: 'abc' });
    }
    expect(ehrLaunchRequestIn({ pathname: '/login', search })).toBeUndefined();
    expect(ehrLaunchRequestIn({ pathname: '/epic/login', search: '?iss=x' })).toBeUndefined();
  });

  it("takes the EHR's code, or its error, as the launch's answer, also on /veradigm/launch", () => {
    expect(ehrLaunchRequestIn({ pathname: '/epic/login', search: '?code=c&state=s' })).toEqual({
      kind: 'code',
      code: 'c',
      state: 's',
    });
    expect(ehrLaunchRequestIn({ pathname: '/epic/login', search: '?error=access_denied&state=s' })).toEqual({
      kind: 'error',
      error: 'access_denied',
    });
    expect(isEhrLaunchAnswer({ pathname: '/veradigm/launch', search: '?code=c&state=s' })).toBe(true);
    expect(isEhrLaunchAnswer({ pathname: '/sso', search: '?code=c&state=s' })).toBe(false);
  });

  it("asks the EHR to come back to the route's own page, the only redirect URIs registered", () => {
    expect(redirectUriOf({ origin: ORIGIN, pathname: '/epic/login/anything/else' })).toBe(`${ORIGIN}/epic/login`);
    expect(redirectUriOf({ origin: ORIGIN, pathname: '/overlay/epic/login/' })).toBe(`${ORIGIN}/overlay/epic/login`);
    expect(redirectUriOf({ origin: ORIGIN, pathname: '/veradigm/launch/x' })).toBe(`${ORIGIN}/veradigm/launch`);
  });
});

describe('starting a launch', () => {
  it('keeps the SMART configuration and the connection, binds the launch to the tab, then goes to the EHR', async () => {
    const server = answerApi({
      '/ehr/launch/start': {
        body: {
          result: {
            authorizationUrl: AUTHORIZE_URL,
            connectionName: 'cairn-fhir-connection',
            dataSourceId: DATA_SOURCE_ID,
            clientId: 'cairn',
            smartConfig: SMART_CONFIG,
          },
        },
      },
    });
    const navigate = vi.fn();
    const target = await runEhrLaunch(
      { origin: ORIGIN, pathname: '/overlay/epic/login' },
      { kind: 'start', iss: ISS, launch: 'launch-1' },
      { fetch: server.fetch, navigate },
    );
    expect(target).toBeUndefined();
    const sent = server.calls[0]?.body;
    expect(sent).toMatchObject({ iss: ISS, launch: 'launch-1', redirectUri: `${ORIGIN}/overlay/epic/login` });
    expect(sent?.browserBinding).toMatch(/^[\w-]{32}$/);
    expect(sessionStorage.getItem(EHR_LAUNCH_BINDING_KEY)).toBe(sent?.browserBinding);
    expect(JSON.parse(localStorage.getItem(LOCAL_STORAGE_KEYS.smartConfig) ?? '{}')).toEqual(SMART_CONFIG);
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.ehrConnectionName)).toBe('cairn-fhir-connection');
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.ehrDataSourceId)).toBe(DATA_SOURCE_ID);
    expect(navigate).toHaveBeenCalledWith(AUTHORIZE_URL);
  });

  it('says the EHR is not configured for Cairn when the server does not know the iss', async () => {
    const server = answerApi({ '/ehr/launch/start': refusal(403, 'unknown_iss') });
    const navigate = vi.fn();
    const failure = runEhrLaunch(
      EPIC_LOGIN,
      { kind: 'start', iss: ISS, launch: 'l' },
      { fetch: server.fetch, navigate },
    );
    await expect(failure).rejects.toThrow('This EHR is not configured for Cairn');
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.smartConfig)).toBeNull();
  });

  it("says so when the EHR's well-known configuration cannot be read", async () => {
    const server = answerApi({ '/ehr/launch/start': refusal(503, 'well_known_unavailable') });
    const failure = runEhrLaunch(EPIC_LOGIN, { kind: 'start', iss: ISS, launch: 'l' }, { fetch: server.fetch });
    await expect(failure).rejects.toThrow(
      'internal error, cannot get token endpoint from well known please try again later',
    );
  });
});

describe('finishing a launch', () => {
  it('fails with "iss not found in local storage" when the launch did not start in this browser', async () => {
    const server = exchangeAnswering({ summaryId: SID });
    const failure = completeEhrLaunch(EPIC_LOGIN, CODE_ANSWER, { fetch: server.fetch });
    await expect(failure).rejects.toThrow(new EhrLaunchError('iss not found in local storage'));
    expect(server.calls).toEqual([]);
  });

  it('fails with the well-known message when the stored configuration has no token endpoint', async () => {
    launchStartedInThisBrowser({ ...SMART_CONFIG, tokenEndpoint: undefined });
    const server = exchangeAnswering({ summaryId: SID });
    const failure = completeEhrLaunch(EPIC_LOGIN, CODE_ANSWER, { fetch: server.fetch });
    await expect(failure).rejects.toThrow(
      'internal error, cannot get token endpoint from well known please try again later',
    );
    expect(server.calls).toEqual([]);
  });

  it('exchanges the code on the server, signs the user in and opens the summary overlay', async () => {
    launchStartedInThisBrowser();
    const server = exchangeAnswering({ summaryId: SID, patientId: DOCUMENT_ID });
    const target = await completeEhrLaunch(EPIC_LOGIN, CODE_ANSWER, { fetch: server.fetch });
    expect(target).toBe(`/overlay/${SID}`);
    expect(server.calls[0]?.body).toEqual({
      code: 'the-code',
      state: 'the-state',
      connectionName: 'cairn-fhir-connection',
      dataSourceId: DATA_SOURCE_ID,
      redirectUri: `${ORIGIN}/epic/login`,
      tokenUrl: SMART_CONFIG.tokenEndpoint,
      browserBinding: BINDING,
    });
    expect(sessionStore.getState()).toMatchObject({ loggedIn: true, isSAML: false, status: 'success' });
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.refreshToken)).toBe('refresh-1');
    expect(sessionStorage.getItem(EHR_LAUNCH_BINDING_KEY)).toBeNull();
  });

  it("opens the document page when the EHR launched with a document, even with the visit's summary", async () => {
    launchStartedInThisBrowser();
    const server = exchangeAnswering({ summaryId: SID, documentId: DOCUMENT_ID });
    await expect(completeEhrLaunch(EPIC_LOGIN, CODE_ANSWER, { fetch: server.fetch })).resolves.toBe(
      `/document/${DOCUMENT_ID}`,
    );
  });

  it('clears local storage and goes to /login, signed out, when the server names neither', async () => {
    launchStartedInThisBrowser();
    const server = exchangeAnswering({});
    await expect(completeEhrLaunch(EPIC_LOGIN, CODE_ANSWER, { fetch: server.fetch })).resolves.toBe('/login');
    expect(localStorage.length).toBe(0);
    expect(sessionStore.getState().loggedIn).toBe(false);
  });

  it('goes on when the EHR could not be read, leaving a warning for the overlay', async () => {
    launchStartedInThisBrowser();
    const server = exchangeAnswering({ summaryId: SID, ehrSync: { status: 'failed', message: 'The EHR timed out' } });
    await expect(completeEhrLaunch(EPIC_LOGIN, CODE_ANSWER, { fetch: server.fetch })).resolves.toBe(`/overlay/${SID}`);
    expect(JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEYS.ehrSyncWarning) ?? '{}')).toEqual({
      message: 'The EHR timed out',
    });
  });

  it('leaves the launch visit for the overlay to read from the EHR once it shows, when the server has not read it', async () => {
    launchStartedInThisBrowser();
    const server = exchangeAnswering({ summaryId: SID, ehrSync: { status: 'pending' } });
    await expect(completeEhrLaunch(EPIC_LOGIN, CODE_ANSWER, { fetch: server.fetch })).resolves.toBe(`/overlay/${SID}`);
    expect(JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEYS.ehrReadDue) ?? '{}')).toEqual({ sid: SID });
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.ehrSyncWarning)).toBeNull();
  });

  it('says the EHR refused, without calling the server, when the EHR answers with an error', async () => {
    launchStartedInThisBrowser();
    const server = exchangeAnswering({ summaryId: SID });
    const failure = completeEhrLaunch(EPIC_LOGIN, { kind: 'error', error: 'access_denied' }, { fetch: server.fetch });
    await expect(failure).rejects.toThrow('Your EHR did not let Cairn sign you in (access_denied).');
    expect(server.calls).toEqual([]);
    expect(sessionStorage.getItem(EHR_LAUNCH_BINDING_KEY)).toBeNull();
  });

  it("passes on the server's word when it refuses the exchange, with the hint to relaunch", async () => {
    launchStartedInThisBrowser();
    const server = answerApi({
      '/getEpicTokenAndAppContext': refusal(
        401,
        'expired_state',
        'The launch expired. Open Cairn from your EHR again.',
      ),
    });
    const failure = runEhrLaunch(EPIC_LOGIN, CODE_ANSWER, { fetch: server.fetch });
    await expect(failure).rejects.toMatchObject({
      message: 'The launch expired. Open Cairn from your EHR again.',
      hint: 'Try again from your EHR.',
    });
    expect(sessionStore.getState().loggedIn).toBe(false);
  });
});
