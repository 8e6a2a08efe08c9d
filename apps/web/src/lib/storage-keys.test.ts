import { describe, expect, it } from 'vitest';
import {
  LOCAL_STORAGE_KEYS,
  readJson,
  readWithTtl,
  SESSION_STORAGE_KEYS,
  userConfigKey,
  writeWithTtl,
} from './storage-keys';

describe('browser storage', () => {
  it('keeps every key distinct', () => {
    const keys = [...Object.values(LOCAL_STORAGE_KEYS), ...Object.values(SESSION_STORAGE_KEYS)];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('prefixes the user configuration with the user sub', () => {
    expect(userConfigKey('user-7')).toBe('user-7.UserConfig');
  });

  it('forgets a cached value after its time to live', () => {
    writeWithTtl(sessionStorage, SESSION_STORAGE_KEYS.summariesList, ['s1'], 3_600_000, 1_000);
    expect(readWithTtl(sessionStorage, SESSION_STORAGE_KEYS.summariesList, 3_600_999)).toEqual(['s1']);
    expect(readWithTtl(sessionStorage, SESSION_STORAGE_KEYS.summariesList, 3_601_000)).toBeUndefined();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.summariesList)).toBeNull();
  });

  it('reads a corrupted entry as absent', () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.userMetadata, '{not json');
    expect(readJson(localStorage, LOCAL_STORAGE_KEYS.userMetadata)).toBeUndefined();
  });
});
