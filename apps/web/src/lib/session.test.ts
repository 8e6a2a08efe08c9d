import { beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_STORAGE_KEYS, SESSION_STORAGE_KEYS } from './storage-keys';
import { sessionStore } from './session';

describe('sessionStore.reset', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('forgets the tokens and the cached summaries list, which holds patient names', () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, 'token');
    sessionStorage.setItem(SESSION_STORAGE_KEYS.summariesList, '{"value":[{"patientName":"Ada Lovelace"}]}');
    sessionStorage.setItem(SESSION_STORAGE_KEYS.filter, '{"isoDate":"2026-11-21"}');

    sessionStore.reset();

    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.authToken)).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.summariesList)).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.filter)).toBeNull();
  });
});
