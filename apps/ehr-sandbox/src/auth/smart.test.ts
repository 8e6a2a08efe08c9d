import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  authorize,
  buildTestSandbox,
  CLIENT,
  createLaunch,
  pkcePair,
  PUBLIC_URL,
  REDIRECT_URI,
  requestToken,
  type TestSandbox,
} from '../testing/sandbox-test-app.js';

let sandbox: TestSandbox;
let app: FastifyInstance;

beforeEach(async () => {
  sandbox = await buildTestSandbox();
  app = sandbox.app;
});

/** Launch and authorize; answers the code and the PKCE verifier. */
async function codeFor(scope = 'launch patient/*.read'): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkcePair();
  const redirect = await authorize(app, { scope, launch: await createLaunch(app), code_challenge: challenge });
  if (!(redirect instanceof URL)) throw new Error('no redirect');
  return { code: redirect.searchParams.get('code') ?? '', verifier };
}

function exchange(code: string, verifier: string): ReturnType<typeof requestToken> {
  return requestToken(app, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
}

function fhirGet(url: string, accessToken: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: `/sandbox/fhir/${url}`,
    headers: { authorization: `Bearer ${accessToken}` },
  });
}

describe('SMART discovery', () => {
  it('publishes the endpoints and capabilities at the FHIR base', async () => {
    const response = await app.inject({ method: 'GET', url: '/sandbox/fhir/.well-known/smart-configuration' });
    expect(response.json()).toMatchObject({
      authorization_endpoint: `${PUBLIC_URL}/auth/authorize`,
      token_endpoint: `${PUBLIC_URL}/auth/token`,
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    });
    expect(response.json<{ capabilities: string[] }>().capabilities).toEqual(
      expect.arrayContaining([
        'launch-ehr',
        'client-confidential-symmetric',
        'context-ehr-patient',
        'context-ehr-encounter',
        'permission-v1',
        'permission-v2',
      ]),
    );
  });
});

describe('the EHR launch', () => {
  it('goes from launch to a FHIR read with the Bearer token, with the patient and encounter in context', async () => {
    const { verifier, challenge } = pkcePair();
    const redirect = await authorize(app, {
      scope: 'launch patient/*.read',
      launch: await createLaunch(app),
      code_challenge: challenge,
    });
    expect(redirect).toBeInstanceOf(URL);
    const url = redirect as URL;
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT_URI);
    expect(url.searchParams.get('state')).toBe('state-1');

    const token = await exchange(url.searchParams.get('code') ?? '', verifier);
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({
      token_type: 'Bearer',
      scope: 'launch patient/*.read',
      patient: 'p1',
      encounter: 'e1',
      expires_in: 3600,
    });
    expect(token.body.refresh_token).toBeTruthy();

    const patient = await fhirGet('Patient/p1', token.body.access_token ?? '');
    expect(patient.statusCode).toBe(200);
    expect(patient.json()).toMatchObject({ resourceType: 'Patient', id: 'p1' });
  });

  it('takes the authorization request as a form POST too', async () => {
    const { challenge } = pkcePair();
    const form = new URLSearchParams({
      response_type: 'code',
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT_URI,
      aud: `${PUBLIC_URL}/fhir`,
      scope: 'launch patient/*.read',
      state: 'form-state',
      launch: await createLaunch(app),
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const response = await app.inject({
      method: 'POST',
      url: '/sandbox/auth/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(location.searchParams.get('code')).toBeTruthy();
    expect(location.searchParams.get('state')).toBe('form-state');
  });

  it('refuses a launch for a patient the EHR does not have, or with another patient’s encounter', async () => {
    const response = await app.inject({ method: 'POST', url: '/sandbox/auth/launch', payload: { patient: 'nobody' } });
    expect(response.statusCode).toBe(400);
    const otherEncounter = { patient: 'p2', encounter: 'e1' };
    const mismatch = await app.inject({ method: 'POST', url: '/sandbox/auth/launch', payload: otherEncounter });
    expect(mismatch.statusCode).toBe(400);
  });

  it('names the signed-in clinician in an id_token signed with the client secret when openid fhirUser is asked', async () => {
    const { code, verifier } = await codeFor('launch openid fhirUser patient/*.read');
    const { body } = await exchange(code, verifier);
    const [header = '', claims = '', signature = ''] = (body.id_token ?? '').split('.');
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({
      iss: `${PUBLIC_URL}/fhir`,
      aud: CLIENT.clientId,
      fhirUser: 'Practitioner/sandbox-clinician',
    });
    const expected = createHmac('sha256', CLIENT.clientSecret).update(`${header}.${claims}`).digest('base64url');
    expect(signature).toBe(expected);
  });

  it('accepts client_secret_post as well as client_secret_basic', async () => {
    const { code, verifier } = await codeFor();
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
    };
    expect((await requestToken(app, form, false)).status).toBe(200);
  });

  it('refuses a wrong PKCE verifier', async () => {
    const { code } = await codeFor();
    const token = await exchange(code, pkcePair().verifier);
    expect(token).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('refuses a code used twice', async () => {
    const { code, verifier } = await codeFor();
    expect((await exchange(code, verifier)).status).toBe(200);
    expect(await exchange(code, verifier)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('refuses a code older than 60 seconds', async () => {
    const { code, verifier } = await codeFor();
    sandbox.clock.now += 61_000;
    expect(await exchange(code, verifier)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('refuses a wrong client secret', async () => {
    const { code, verifier } = await codeFor();
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      client_id: CLIENT.clientId,
      client_secret: 'guess',
    };
    expect(await requestToken(app, form, false)).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  });

  it('answers 400 without redirecting when the redirect URI is not the client’s', async () => {
    const { challenge } = pkcePair();
    const answer = await authorize(app, {
      scope: 'launch',
      launch: await createLaunch(app),
      code_challenge: challenge,
      redirect_uri: 'http://evil.test/cb',
    });
    expect(answer).toEqual({ status: 400 });
  });

  it('redirects with an OAuth error when PKCE is missing, the audience is wrong or the launch is unknown', async () => {
    const launch = await createLaunch(app);
    const { challenge } = pkcePair();
    const cases: Record<string, string>[] = [
      { scope: 'launch', launch, code_challenge_method: 'plain', code_challenge: challenge },
      { scope: 'launch', launch, code_challenge: challenge, aud: 'http://other.test/fhir' },
      { scope: 'launch', launch: 'made-up', code_challenge: challenge },
    ];
    for (const params of cases) {
      const answer = await authorize(app, params);
      expect((answer as URL).searchParams.get('error')).toBe('invalid_request');
      expect((answer as URL).searchParams.get('state')).toBe('state-1');
    }
  });

  it('rotates the refresh token and refuses the old one', async () => {
    const { code, verifier } = await codeFor('launch patient/*.read offline_access');
    const first = (await exchange(code, verifier)).body;
    const refreshed = await requestToken(app, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token ?? '',
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({
      patient: 'p1',
      encounter: 'e1',
      scope: 'launch patient/*.read offline_access',
    });
    expect(refreshed.body.refresh_token).not.toBe(first.refresh_token);
    expect((await fhirGet('Patient/p1', refreshed.body.access_token ?? '')).statusCode).toBe(200);
    const again = await requestToken(app, { grant_type: 'refresh_token', refresh_token: first.refresh_token ?? '' });
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });
});
