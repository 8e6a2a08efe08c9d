import { asc } from 'drizzle-orm';
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
      { organisationId, userId, patientId, action: 'patient.read', clientAddress: '10.0.0.7', details: tricky },
      { organisationId, userId, patientId: null, action: 'auth.sign_in', clientAddress: null, details: null },
      {
        organisationId: null,
        userId: null,
        patientId: null,
        action: 'auth.sign_in_failed',
        clientAddress: '::1',
        details: null,
      },
    ]);
  });

  it('fails every waiter of a batch that cannot be stored, and stores none of it', async () => {
    const before = await db().$count(auditLog);
    const unknownOrganisation = 'b9d2c8a4-1111-4c1e-9d3e-6f1c2a9b7d10';
    const results = await Promise.allSettled([
      writeAudit(db(), {
        organisationId: unknownOrganisation,
        userId: undefined,
        action: 'x',
        clientAddress: undefined,
      }),
      writeAudit(db(), { organisationId: undefined, userId: undefined, action: 'y', clientAddress: undefined }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await db().$count(auditLog)).toBe(before);
  });
});
