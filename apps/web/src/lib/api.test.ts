import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshSession } from './api';
import { LOGGED_OUT, sessionStore } from './session';
import { LOCAL_STORAGE_KEYS } from './storage-keys';
import { answerApi, result } from '../testing/answer-api';
import { providerToken } from '../testing/session';

beforeEach(() => {
  sessionStore.setState({ ...LOGGED_OUT });
  localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, providerToken(0));
  localStorage.setItem(LOCAL_STORAGE_KEYS.refreshToken, 'old-refresh-token-0123456789');
});
afterEach(() => vi.unstubAllGlobals());

describe('renewing a password session', () => {
  it('sends the stored refresh token and stores the rotated pair', async () => {
    const renewed = providerToken(15);
    const { calls } = answerApi({
      '/auth/refresh': () => result({ token: renewed, refreshToken: 'new-refresh-token-0123456789' }),
    });
    await expect(refreshSession()).resolves.toBe(renewed);
    expect(calls[0]?.body).toEqual({ refreshToken: 'old-refresh-token-0123456789' });
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.authToken)).toBe(renewed);
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.refreshToken)).toBe('new-refresh-token-0123456789');
    expect(sessionStore.getState()).toMatchObject({ loggedIn: true, token: renewed });
  });

  it('answers undefined when the server refuses, so the client signs out', async () => {
    answerApi({ '/auth/refresh': () => ({ status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'x' } } }) });
    await expect(refreshSession()).resolves.toBeUndefined();
  });

  it('answers undefined without a stored refresh token, calling nothing', async () => {
    localStorage.removeItem(LOCAL_STORAGE_KEYS.refreshToken);
    const { calls } = answerApi({});
    await expect(refreshSession()).resolves.toBeUndefined();
    expect(calls).toHaveLength(0);
  });
});
