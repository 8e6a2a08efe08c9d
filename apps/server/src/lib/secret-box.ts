import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { getOrCreateServerSecret } from '../modules/auth';

/**
 * Encryption at rest of small secrets (an identity provider's client secret): AES-256-GCM with a
 * random 96-bit IV, bound to a context (the organisation id) as additional authenticated data, so a
 * ciphertext copied onto another organisation's row does not decrypt.
 *
 * Sealed format: `v1.<keyId>.<iv>.<ciphertext>.<tag>`, base64url parts; `keyId` names the key so that
 * a changed key gives a clear error instead of a failed tag.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string;
}

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

const VERSION = 'v1';
const SERVER_SECRET_NAME = 'secret-box-aes-256-gcm';

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new SecretBoxError('The encryption key must be 32 bytes');
  const keyId = createHash('sha256').update(key).digest('base64url').slice(0, 8);
  return {
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, keyId, iv, ciphertext, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, sealedKeyId, iv, ciphertext, tag] = sealed.split('.');
      if (version !== VERSION || !sealedKeyId || !iv || ciphertext === undefined || !tag) {
        throw new SecretBoxError('Not a sealed secret');
      }
      if (sealedKeyId !== keyId) {
        throw new SecretBoxError(
          'The secret was sealed with another encryption key (was CAIRN_ENCRYPTION_KEY changed?)',
        );
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SecretBoxError('The sealed secret does not authenticate');
      }
    },
  };
}

/**
 * `CAIRN_ENCRYPTION_KEY`: 32 bytes, as 64 hexadecimal digits or base64 (standard or url-safe).
 * Anything else is refused at start rather than weakening the key.
 */
export function parseEncryptionKey(value: string): Buffer {
  const trimmed = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const key = Buffer.from(trimmed.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'base64url');
    if (key.length === 32) return key;
  }
  throw new SecretBoxError('CAIRN_ENCRYPTION_KEY must be 32 bytes: 64 hex digits or 44 base64 characters');
}

/**
 * The server's secret box: with `CAIRN_ENCRYPTION_KEY` when it is set (the key then lives outside the
 * database), otherwise with a key generated once and kept in `server_secrets`, shared by every process.
 */
export async function openServerSecretBox(db: Db, configuredKey: string | undefined): Promise<SecretBox> {
  if (configuredKey) return createSecretBox(parseEncryptionKey(configuredKey));
  const material = await getOrCreateServerSecret(db, SERVER_SECRET_NAME);
  const key = Buffer.from(hkdfSync('sha256', material, '', 'cairn secret box v1', 32));
  return createSecretBox(key);
}
