import { Writable } from 'node:stream';
import { addSummaryNote, getPatientLookup } from '@cairn/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../testing/api';
import { buildTestApp, type TestApp } from '../testing/build-test-app';
import { createAppointment, createPatient } from '../testing/clinical-factories';
import { createOrganisation } from '../testing/factories';
import { describeErrorSafely, statementOf } from './loggable-error';

/**
 * Issue 15, item 3: a query that fails must not put patient data in the log. Drizzle's error carries
 * the query's parameters in its message, and PostgreSQL's may quote the failing row; the log keeps
 * the SQLSTATE code and the statement only.
 */
let test: TestApp;
const lines: string[] = [];
let token: string;
let sid: string;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  test = await buildTestApp({ logger: { level: 'info', stream } });
  const db = test.app.database.db;
  const organisationId = (await createOrganisation(db)).id;
  token = (await tokenFor(test.app, { organisationId, isAdmin: true })).token;
  const patient = await createPatient(db, { organisationId, firstName: 'Imogen', lastName: 'Quartermaine' });
  sid = (await createAppointment(db, { organisationId, patientId: patient.id, at: '2026-11-25T09:00' })).id;
});
afterAll(async () => {
  await test.app.close();
});

const log = () => lines.join('');

describe('a failed query in the log', () => {
  it('names the code and the statement of a failed search, never the text searched for', async () => {
    const db = test.app.database.db;
    await db.execute(sql`alter table patients rename column last_name to last_name_gone`);
    try {
      const response = await call(test.app, getPatientLookup, { token, body: { searchText: 'Quartermaine, Imo' } });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('Quartermaine');
    } finally {
      await db.execute(sql`alter table patients rename column last_name_gone to last_name`);
    }
    expect(log()).toContain('"type":"DatabaseError"');
    expect(log()).toContain('"code":"42703"');
    expect(log()).not.toMatch(/quartermaine|imo\b/i);
  });

  it('keeps a note with an MRN out of the log when its insert fails', async () => {
    const db = test.app.database.db;
    const note = 'Seen with daughter; old chart MRN 884-221-907 at Mercy';
    await db.execute(sql`alter table summary_notes add constraint refuse_every_note check (false)`);
    try {
      const response = await call(test.app, addSummaryNote, { token, body: { sid, note } });
      expect(response.statusCode).toBe(500);
    } finally {
      await db.execute(sql`alter table summary_notes drop constraint refuse_every_note`);
    }
    expect(log()).toContain('"code":"23514"');
    expect(log()).not.toContain('884-221-907');
    expect(log()).not.toContain('Mercy');
  });
});

describe('the statement of a failed query', () => {
  it('is its command and first table', () => {
    expect(statementOf('select "id" from "patients" where "last_name" ilike $1')).toBe('select patients');
    expect(statementOf('insert into "summary_notes" ("note") values ($1)')).toBe('insert summary_notes');
    expect(statementOf('update "users" set "x" = $1')).toBe('update users');
  });

  it('describes any other error with its digits masked when asked', () => {
    expect(describeErrorSafely(new Error('born 1950-12-10'), { maskDigits: true })).toBe('Error: born ####-##-##');
  });
});
