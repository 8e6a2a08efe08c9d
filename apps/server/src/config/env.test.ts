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

  it('names the variable when a value is malformed', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('Invalid configuration PORT');
  });
});
