import { createHmac, timingSafeEqual } from 'node:crypto';
import { FILE_URL_LIFETIME_SECONDS } from '@cairn/contracts';
import type { Db } from '../../db/client';
import { getOrCreateServerSecret } from '../auth';

/**
 * Signed links to original files (spec §7 getFileURL). The link itself is the credential, so that a
 * browser can open it in a PDF viewer or a new tab without a token header: an HMAC-SHA256 with a server
 * secret over the document, the expiry, the organisation and the user the link was issued to.
 */
const SECRET_NAME = 'file-url-hmac';

export interface FileUrlClaims {
  documentId: string;
  organisationId: string;
  userId: string;
  /** Unix seconds. */
  expires: number;
}

function signatureOf(secret: string, claims: FileUrlClaims): string {
  const payload = [claims.documentId, String(claims.expires), claims.organisationId, claims.userId].join('\n');
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export interface SignedFileUrl {
  url: string;
  expiresAt: string;
}

export async function signFileUrl(
  db: Db,
  claims: Omit<FileUrlClaims, 'expires'> & { now?: Date },
): Promise<SignedFileUrl> {
  const nowSeconds = Math.floor((claims.now ?? new Date()).getTime() / 1000);
  const signed = { ...claims, expires: nowSeconds + FILE_URL_LIFETIME_SECONDS };
  const signature = signatureOf(await getOrCreateServerSecret(db, SECRET_NAME), signed);
  const query = new URLSearchParams({ expires: String(signed.expires), user: claims.userId, signature });
  return {
    url: `/api/files/${encodeURIComponent(claims.documentId)}?${query.toString()}`,
    expiresAt: new Date(signed.expires * 1000).toISOString(),
  };
}

/** True when the signature matches the claims and the link has not expired. */
export async function isFileUrlValid(
  db: Db,
  claims: FileUrlClaims & { signature: string; now?: Date },
): Promise<boolean> {
  const nowSeconds = Math.floor((claims.now ?? new Date()).getTime() / 1000);
  if (!Number.isSafeInteger(claims.expires) || claims.expires < nowSeconds) return false;
  // An expiry further out than a fresh link could have is not one we issued.
  if (claims.expires > nowSeconds + FILE_URL_LIFETIME_SECONDS) return false;
  const expected = Buffer.from(signatureOf(await getOrCreateServerSecret(db, SECRET_NAME), claims));
  const given = Buffer.from(claims.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
