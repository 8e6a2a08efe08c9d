import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runMigrations } from '../db/migrate';
import { openTestDatabase } from '../testing/build-test-app';
import { createSecretBox, openServerSecretBox, parseEncryptionKey } from './secret-box';

describe('the secret box (AES-256-GCM)', () => {
  const box = createSecretBox(randomBytes(32));

  it('opens what it sealed, and never shows the plaintext in the sealed form', () => {
    const sealed = box.seal('client-secret-value', 'organisation-1');
    expect(sealed).toMatch(/^v1\.[\w-]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('client-secret-value');
    expect(box.open(sealed, 'organisation-1')).toBe('client-secret-value');
  });

  it('seals the same secret differently each time (random IV)', () => {
    expect(box.seal('same', 'organisation-1')).not.toBe(box.seal('same', 'organisation-1'));
  });

  it("refuses a sealed secret moved to another organisation's row", () => {
    const sealed = box.seal('client-secret-value', 'organisation-1');
    expect(() => box.open(sealed, 'organisation-2')).toThrow('does not authenticate');
  });

  it('refuses a tampered ciphertext', () => {
    const parts = box.seal('client-secret-value', 'organisation-1').split('.');
    const ciphertext = Buffer.from(parts[3] ?? '', 'base64url');
    ciphertext[0] = (ciphertext[0] ?? 0) ^ 1;
    parts[3] = ciphertext.toString('base64url');
    expect(() => box.open(parts.join('.'), 'organisation-1')).toThrow('does not authenticate');
  });

  it('says so when the secret was sealed with another key', () => {
    const sealed = createSecretBox(randomBytes(32)).seal('client-secret-value', 'organisation-1');
    expect(() => box.open(sealed, 'organisation-1')).toThrow('another encryption key');
  });
});

describe('CAIRN_ENCRYPTION_KEY', () => {
  const key = randomBytes(32);

  it('is read as 64 hex digits or as base64, standard or url-safe', () => {
    expect(parseEncryptionKey(key.toString('hex'))).toEqual(key);
    expect(parseEncryptionKey(key.toString('base64'))).toEqual(key);
    expect(parseEncryptionKey(key.toString('base64url'))).toEqual(key);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => parseEncryptionKey('too-short')).toThrow('32 bytes');
    expect(() => parseEncryptionKey(randomBytes(16).toString('hex'))).toThrow('32 bytes');
  });
});

describe("the server's secret box", () => {
  it('uses one key kept in the database, so every process opens what another sealed', async () => {
    const database = await openTestDatabase();
    try {
      await runMigrations(database);
      const sealed = (await openServerSecretBox(database.db, undefined)).seal('client-secret-value', 'org');
      const otherProcess = await openServerSecretBox(database.db, undefined);
      expect(otherProcess.open(sealed, 'org')).toBe('client-secret-value');
    } finally {
      await database.close();
    }
  });

  it('uses CAIRN_ENCRYPTION_KEY instead when it is set: the database key cannot open those secrets', async () => {
    const database = await openTestDatabase();
    try {
      await runMigrations(database);
      const configured = await openServerSecretBox(database.db, randomBytes(32).toString('hex'));
      const sealed = configured.seal('client-secret-value', 'org');
      const databaseKeyed = await openServerSecretBox(database.db, undefined);
      expect(() => databaseKeyed.open(sealed, 'org')).toThrow('another encryption key');
      expect(configured.open(sealed, 'org')).toBe('client-secret-value');
      await expect(openServerSecretBox(database.db, 'not-a-key')).rejects.toThrow('32 bytes');
    } finally {
      await database.close();
    }
  });
});
