import {
  createFitTemplate,
  listFitTemplates,
  previewFitLetter,
  updateFitTemplate,
  type FitTemplateInput,
} from '@cairn/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { call, callForResult } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import {
  createFitPractice,
  fitQualityLead,
  issueFieldsOf,
  turnOrganisationQualityOn,
  type FitPractice,
} from '../../testing/fit-factories';
import { createOrganisation } from '../../testing/factories';

let test: TestApp;
let practice: FitPractice;
const db = () => test.app.database.db;

beforeAll(async () => {
  test = await buildTestApp();
  practice = await createFitPractice(test.app);
});
afterAll(async () => {
  await test.app.close();
});

const invitation: FitTemplateInput = {
  name: 'Spring invitation',
  language: 'en',
  body: 'Dear {{patient.firstName}} {{patient.lastName}},\n\nPlease return your FIT kit by {{returnBy}}.\n\n{{provider.name}}\n{{clinic.name}}',
  returnByDays: 21,
};

describe('FIT letter templates', () => {
  it('adds a template, lists it by name and changes it, each change audited', async () => {
    const { token, user } = practice.lead;
    const created = await callForResult(test.app, createFitTemplate, { token, body: invitation });
    expect(created).toMatchObject({ ...invitation, batchCount: 0, updatedByName: expect.any(String) });
    await callForResult(test.app, createFitTemplate, { token, body: { ...invitation, name: 'Autumn invitation' } });

    const names = (await callForResult(test.app, listFitTemplates, { token })).map((template) => template.name);
    expect(names).toEqual(['Autumn invitation', 'Spring invitation']);

    const changed = await callForResult(test.app, updateFitTemplate, {
      token,
      body: {
        ...invitation,
        templateId: created.id,
        language: 'es',
        body: 'Hola {{patient.firstName}}',
        returnByDays: 30,
      },
    });
    expect(changed).toMatchObject({
      id: created.id,
      language: 'es',
      body: 'Hola {{patient.firstName}}',
      returnByDays: 30,
    });

    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.organisationId, practice.organisationId)));
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'quality.fit_template.create',
      'quality.fit_template.create',
      'quality.fit_template.update',
    ]);
    expect(entries.find((entry) => entry.action === 'quality.fit_template.update')?.details).toMatchObject({
      templateId: created.id,
    });
  });

  it('refuses an unknown merge field with a 422 naming it, and nothing is stored', async () => {
    const { token } = practice.lead;
    const answer = await call(test.app, createFitTemplate, {
      token,
      body: { ...invitation, name: 'Typo', body: 'Dear {{patient.firstname}}, from {{clinic.name}}' },
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        details: { issues: [{ field: 'body', message: 'Unknown merge field {{patient.firstname}}' }] },
      },
    });
    const names = (await callForResult(test.app, listFitTemplates, { token })).map((template) => template.name);
    expect(names).not.toContain('Typo');
  });

  it('refuses a name another template has, a body too long for one page and bad fields, naming each', async () => {
    const { token } = practice.lead;
    await callForResult(test.app, createFitTemplate, { token, body: { ...invitation, name: 'Only once' } });
    const issuesOf = async (body: unknown) => {
      const answer = await call(test.app, createFitTemplate, { token, body: body as FitTemplateInput });
      expect(answer.statusCode).toBe(422);
      return issueFieldsOf(answer);
    };
    expect(await issuesOf({ ...invitation, name: 'ONLY ONCE' })).toEqual(['name']);
    const longLines = Array.from({ length: 80 }, () => 'A line of its own.').join('\n');
    expect(await issuesOf({ ...invitation, name: 'Long', body: longLines })).toEqual(['body']);
    expect(await issuesOf({ ...invitation, language: 'xx', returnByDays: 0 })).toEqual(['language', 'returnByDays']);
  });

  it("never shows or changes another organisation's templates", async () => {
    const { token } = practice.lead;
    const mine = await callForResult(test.app, createFitTemplate, { token, body: { ...invitation, name: 'Mine' } });
    const { id: otherOrganisation } = await createOrganisation(db());
    await turnOrganisationQualityOn(db(), otherOrganisation);
    const stranger = await fitQualityLead(test.app, otherOrganisation);
    expect(await callForResult(test.app, listFitTemplates, { token: stranger.token })).toEqual([]);
    const answer = await call(test.app, updateFitTemplate, {
      token: stranger.token,
      body: { ...invitation, templateId: mine.id },
    });
    expect(answer.statusCode).toBe(404);
  });
});

describe('previewing a letter', () => {
  const { name: _name, ...draft } = invitation;
  it('merges a sample patient, the letter dated in its language', async () => {
    const preview = await callForResult(test.app, previewFitLetter, {
      token: practice.lead.token,
      body: { template: { ...draft, language: 'es' }, mailedOn: '2026-11-02' },
    });
    expect(preview.patient).toBeNull();
    expect(preview.letter).toMatchObject({
      returnAddress: ['Riverside Health', 'Riverside Family Medicine'],
      date: '2 de noviembre de 2026',
      addressBlock: [
        'Alexandra Sample-Whitfield',
        '1200 North Riverside Boulevard Apartment 14B',
        'Springfield, IL 62701-1234',
      ],
    });
    expect(preview.letter.body).toContain('Please return your FIT kit by 23 de noviembre de 2026.');
  });

  it("merges a chosen patient's name, provider and clinic, and audits that read", async () => {
    const { token, user } = practice.lead;
    const adams = practice.patients.adams;
    const preview = await callForResult(test.app, previewFitLetter, {
      token,
      body: { template: draft, cairnPatientId: adams.id, mailedOn: '2026-11-02' },
    });
    expect(preview.patient).toMatchObject({ cairnPatientId: adams.id, lastName: 'Adams' });
    expect(preview.letter.addressBlock).toEqual(['Ann Adams', '12 Elm Street', 'Springfield, IL 62701']);
    expect(preview.letter.body).toBe(
      'Dear Ann Adams,\n\nPlease return your FIT kit by November 23, 2026.\n\nMaya Rivera, MD\nRiverside Clinic',
    );
    const reads = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'patient.read')));
    expect(reads.map((entry) => [entry.patientId, entry.details?.what])).toContainEqual([
      adams.id,
      'fit-letter-preview',
    ]);
  });

  it("refuses another organisation's patient as not found", async () => {
    const { id: otherOrganisation } = await createOrganisation(db());
    await turnOrganisationQualityOn(db(), otherOrganisation);
    const stranger = await fitQualityLead(test.app, otherOrganisation);
    const answer = await call(test.app, previewFitLetter, {
      token: stranger.token,
      body: { template: draft, cairnPatientId: practice.patients.adams.id },
    });
    expect(answer.statusCode).toBe(404);
  });
});
