import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { runMigrations } from '../db/migrate';
import { auditLog } from '../db/schema';
import { openTestDatabase } from '../testing/build-test-app';
import { createOrganisation, createUser } from '../testing/factories';
import { writeAudit } from './audit';

let database: Database;
const db = () => database.db;

beforeAll(async () => {
  database = await openTestDatabase();
  await runMigrations(database);
});

afterAll(async () => {
  await database.close();
});

describe('the audit log', () => {
  it('stores every entry of a turn of the event loop, each exactly as given', async () => {
    const organisationId = (await createOrganisation(db())).id;
    const userId = (await createUser(db(), { organisationId })).id;
    const patientId = '0b6a1f0e-6a43-4c1e-9d3e-6f1c2a9b7d10';
    const tricky = { what: 'document', title: 'Say "hello", C:\\notes\\{draft}, naïve café', nested: { ids: [1, 2] } };
    await Promise.all([
      writeAudit(db(), {
        organisationId,
        userId,
        patientId,
        action: 'patient.read',
        clientAddress: '10.0.0.7',
        details: tricky,
      }),
      writeAudit(db(), { organisationId, userId, action: 'auth.sign_in', clientAddress: undefined }),
      writeAudit(db(), {
        organisationId: undefined,
        userId: undefined,
        action: 'auth.sign_in_failed',
        clientAddress: '::1',
      }),
    ]);
    const rows = await db().select().from(auditLog).orderBy(asc(auditLog.id));
    expect(rows.map(({ id: _id, createdAt: _at, ...row }) => row)).toEqual([
      // The outcome is PostgreSQL's, worked out from the action (migration 0013).
      {
        organisationId,
        userId,
        patientId,
        action: 'patient.read',
        clientAddress: '10.0.0.7',
        details: tricky,
        outcome: 'success',
      },
      {
        organisationId,
        userId,
        patientId: null,
        action: 'auth.sign_in',
        clientAddress: null,
        details: null,
        outcome: 'success',
      },
      {
        organisationId: null,
        userId: null,
        patientId: null,
        action: 'auth.sign_in_failed',
        clientAddress: '::1',
        details: null,
        outcome: 'failure',
      },
    ]);
  });

  it("stores the rest of a batch when one entry cannot be stored, failing only that entry's write", async () => {
    const organisationId = (await createOrganisation(db())).id;
    const unknownOrganisation = 'b9d2c8a4-1111-4c1e-9d3e-6f1c2a9b7d10';
    const results = await Promise.allSettled([
      writeAudit(db(), {
        organisationId: unknownOrganisation,
        userId: undefined,
        action: 'x',
        clientAddress: undefined,
      }),
      writeAudit(db(), { organisationId, userId: undefined, action: 'batch.kept', clientAddress: undefined }),
      writeAudit(db(), { organisationId: 'not-a-uuid', userId: undefined, action: 'z', clientAddress: undefined }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'rejected']);
    const kept = await db().select().from(auditLog).where(eq(auditLog.action, 'batch.kept'));
    expect(kept).toHaveLength(1);
  });

  it('records an attempt whose text PostgreSQL cannot store, with U+FFFD in its place', async () => {
    const organisationId = (await createOrganisation(db())).id;
    await Promise.all([
      writeAudit(db(), {
        organisationId,
        userId: undefined,
        action: 'auth.sign_in_failed',
        clientAddress: '10.0.0.9',
        details: { username: 'ab\ud800', nested: { ['k\u0000']: ['x\udc00y'] } },
      }),
      writeAudit(db(), { organisationId, userId: undefined, action: 'auth.neighbour', clientAddress: undefined }),
    ]);
    const rows = await db().select().from(auditLog).where(eq(auditLog.organisationId, organisationId));
    expect(rows.find((row) => row.action === 'auth.sign_in_failed')?.details).toEqual({
      username: 'ab\ufffd',
      nested: { 'k\ufffd': ['x\ufffdy'] },
    });
    expect(rows.map((row) => row.action)).toContain('auth.neighbour');
  });
});
