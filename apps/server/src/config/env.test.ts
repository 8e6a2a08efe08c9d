import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';

describe('loadConfig', () => {
  it('defaults to the embedded local configuration on port 3000 with data under ./var', () => {
    const config = loadConfig({});
    expect(config.name).toBe('local');
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\/var$/);
    expect(config.apiUrl).toBe('http://localhost:3000/api');
  });

  it('accepts every configuration name of the spec', () => {
    for (const name of [
      'test',
      'production',
      'staging',
      'development',
      'jsonServer',
      'local',
      'stagingQa',
      'amplify',
    ]) {
      const env = { CAIRN_ENV: name, CAIRN_API_URL: 'https://cairn.example.org/api' };
      expect(loadConfig(env).name).toBe(name);
    }
  });

  it('refuses an empty configuration name', () => {
    expect(() => loadConfig({ CAIRN_ENV: '' })).toThrow('The configuration name (CAIRN_ENV) is empty');
  });

  it('refuses an unknown configuration name', () => {
    expect(() => loadConfig({ CAIRN_ENV: 'prod' })).toThrow('Unknown configuration name: prod');
  });

  it('refuses a local API URL in production', () => {
    expect(() => loadConfig({ CAIRN_ENV: 'production' })).toThrow('Production cannot use a local API URL');
    expect(() => loadConfig({ CAIRN_ENV: 'production', CAIRN_API_URL: 'http://127.0.0.1:3001/api' })).toThrow(
      'Production cannot use a local API URL',
    );
  });

  it('switches to a PostgreSQL server when DATABASE_URL is set, and refuses a non-PostgreSQL URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://root@127.0.0.1:5432/cairn' }).databaseUrl).toBe(
      'postgres://root@127.0.0.1:5432/cairn',
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x@y/z' })).toThrow('DATABASE_URL');
  });

  it('fans real-time events out through Redis when REDIS_URL is set, and refuses a non-Redis URL', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow('REDIS_URL');
  });

  it('mounts the sandbox EHR exactly when the demo is on, unless CAIRN_SANDBOX_EHR says otherwise', () => {
    expect(loadConfig({}).sandboxEhr).toBe(true);
    expect(loadConfig({ CAIRN_DEMO: '0' }).sandboxEhr).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://root@127.0.0.1:5432/cairn' }).sandboxEhr).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://root@127.0.0.1:5432/cairn', CAIRN_DEMO: '1' }).sandboxEhr).toBe(true);
    expect(loadConfig({ CAIRN_SANDBOX_EHR: '0' }).sandboxEhr).toBe(false);
    expect(() => loadConfig({ CAIRN_SANDBOX_EHR: 'yes' })).toThrow('Invalid configuration CAIRN_SANDBOX_EHR');
  });

  it('sends /athena and /ecw to the add-on store pages, which must be https', () => {
    expect(loadConfig({}).addOnUrls).toEqual({
      athena: 'https://chromewebstore.google.com/search/Cairn%20athenaOne',
      ecw: 'https://chromewebstore.google.com/search/Cairn%20eClinicalWorks',
    });
    expect(loadConfig({ CAIRN_ECW_ADDON_URL: 'https://addons.example.org/ecw' }).addOnUrls.ecw).toBe(
      'https://addons.example.org/ecw',
    );
    expect(() => loadConfig({ CAIRN_ATHENA_ADDON_URL: 'http://addons.example.org/athena' })).toThrow(
      'Invalid configuration CAIRN_ATHENA_ADDON_URL',
    );
  });

  it('names the variable when a value is malformed', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('Invalid configuration PORT');
  });
});
