import { randomUUID } from 'node:crypto';
import { AUDIT_EXPORT_TICKET_SECONDS } from '@cairn/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { AuditQuery } from './audit-admin.repository';

export interface ExportTicketHolder {
  userId: string;
  organisationId: string;
  sessionId: string;
  /** The filters, the patient already resolved to ids: no patient's name ever sits in the link. */
  query: AuditQuery;
}

export interface ExportTickets {
  issue(holder: ExportTicketHolder): Promise<string>;
  /** The holder, or `undefined` when the ticket is malformed, expired, not ours, spent, or its session ended. */
  redeem(ticket: string): Promise<ExportTicketHolder | undefined>;
}

const ISSUER = 'cairn';
const AUDIENCE = 'cairn-audit-export';

/**
 * The export's download links: a browser's download cannot send the token header, and an access token
 * must never sit in a URL. A ticket is a JWT signed with a key of its own and an audience of its own (it
 * opens nothing else), carrying the filters, valid for 60 seconds and spent on first use in this process
 * (as the flag stream's tickets: several processes would need a shared table of spent ones).
 */
export function createExportTickets(
  secret: string,
  isSessionEnded: (sessionId: string) => boolean,
  now: () => number = Date.now,
): ExportTickets {
  const key = new TextEncoder().encode(secret);
  /** Ticket id -> when it expires (ms). */
  const spent = new Map<string, number>();

  return {
    async issue(holder) {
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT({ org: holder.organisationId, sid: holder.sessionId, query: holder.query })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(holder.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setJti(randomUUID())
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + AUDIT_EXPORT_TICKET_SECONDS)
        .sign(key);
    },
    async redeem(ticket) {
      try {
        const { payload } = await jwtVerify(ticket, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: new Date(now()),
          clockTolerance: 0,
        });
        const { sub, org, sid, jti, exp, query } = payload;
        if (typeof sub !== 'string' || typeof org !== 'string' || typeof sid !== 'string' || !jti || !exp) {
          return undefined;
        }
        if (typeof query !== 'object' || query === null || isSessionEnded(sid)) return undefined;
        for (const [id, expiresAt] of spent) if (expiresAt <= now()) spent.delete(id);
        if (spent.has(jti)) return undefined;
        spent.set(jti, exp * 1000);
        return { userId: sub, organisationId: org, sessionId: sid, query: query };
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
