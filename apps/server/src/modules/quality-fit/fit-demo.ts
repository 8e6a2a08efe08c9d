import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fitKits, fitTemplates, patients } from '../../db/clinical-schema';
import { importBundle } from '../ingestion';
import { addDays } from './fit-access';
import { insertBatch } from './fit-kits.repository';

/** The demo organisation's letters: what a clinic would send, in English and in Spanish. */
export const DEMO_TEMPLATES = [
  {
    name: 'FIT kit invitation',
    language: 'en',
    returnByDays: 21,
    body: [
      'Dear {{patient.firstName}} {{patient.lastName}},',
      '',
      'Colorectal cancer is one of the most preventable cancers when it is found early, and our records show you are due for your screening. We have enclosed a FIT (fecal immunochemical test) kit you can use at home: it takes a few minutes and there is no need to change your diet or medicines.',
      '',
      'Please collect your sample as the enclosed instructions show and mail the kit back in its prepaid envelope by {{returnBy}}. Your result will be sent to {{provider.name}}, who will contact you if anything needs follow-up.',
      '',
      'If you have had a colonoscopy or another colorectal screening test recently, please let us know so that we can update your record.',
      '',
      'Sincerely,',
      '{{provider.name}}',
      '{{clinic.name}}, {{organisation.name}}',
    ].join('\n'),
  },
  {
    name: 'Invitación para la prueba FIT',
    language: 'es',
    returnByDays: 28,
    body: [
      'Estimado/a {{patient.firstName}} {{patient.lastName}}:',
      '',
      'Nuestros registros indican que le corresponde su prueba de detección del cáncer colorrectal. Le enviamos un kit FIT (prueba inmunoquímica fecal) que puede usar en casa: solo toma unos minutos.',
      '',
      'Por favor, tome la muestra según las instrucciones y devuelva el kit en el sobre prepagado antes del {{returnBy}}. {{provider.name}} recibirá el resultado y se comunicará con usted si es necesario.',
      '',
      'Atentamente,',
      '{{clinic.name}}, {{organisation.name}}',
    ].join('\n'),
  },
] as const;

/** The states the demo's kits are left in, one a patient, in order. */
const DEMO_KITS = ['mailed', 'returned', 'resulted', 'lost', 'declined', 'mailed', 'resulted', 'mailed'] as const;

/** A FIT result of the demo lab, collected `days` after the kit was mailed (never after today). */
function demoResult(options: { patientSourceId: string; kitMailedOn: string; today: string; isPositive: boolean }) {
  const collected = [addDays(options.kitMailedOn, 9), options.today].sort()[0] ?? options.today;
  const answer = options.isPositive
    ? { code: '10828004', display: 'Positive' }
    : { code: '260385009', display: 'Negative' };
  return {
    resourceType: 'Observation',
    id: `${options.patientSourceId}-fit-result`,
    status: 'final',
    category: [
      { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }] },
    ],
    code: {
      coding: [
        {
          system: 'http://loinc.org',
          code: '29771-3',
          display: 'Hemoglobin.gastrointestinal.lower [Presence] in Stool by Immunoassay',
        },
      ],
    },
    subject: { reference: `Patient/${options.patientSourceId}` },
    effectiveDateTime: collected,
    valueCodeableConcept: { coding: [{ system: 'http://snomed.info/sct', ...answer }], text: answer.display },
  };
}

/**
 * FIT outreach in the demo organisation out of the box: its two letter templates, and a batch mailed a
 * month ago (or on 1 January, early in the year) to the first of these patients, whose kits are left
 * mailed, returned, lost, declined or resulted. A resulted kit's result is a FOBT Observation imported
 * as any lab result is (ingestion results the kit and queues the patient's analysis, which closes the
 * gap). The patients are the demo's with an open CMS130 gap by construction (`seedDemo` chooses them).
 */
export async function seedFitOutreachDemo(
  db: Db,
  options: { organisationId: string; today: string; patientIds: readonly string[] },
): Promise<void> {
  const { organisationId, today } = options;
  const templates = await db
    .insert(fitTemplates)
    .values(DEMO_TEMPLATES.map((template) => ({ organisationId, ...template })))
    .onConflictDoNothing()
    .returning();
  const [template] = templates;
  const chosen = options.patientIds.slice(0, DEMO_KITS.length);
  if (!template || chosen.length === 0) return;
  const yearStart = `${today.slice(0, 4)}-01-01`;
  const mailedOn = [addDays(today, -30), yearStart].sort().at(-1) ?? today;
  const batchId = await insertBatch(db, {
    organisationId,
    userId: null,
    template,
    mailedOn,
    returnBy: addDays(mailedOn, template.returnByDays),
    patientIds: chosen,
  });
  const kits = await db.select().from(fitKits).where(eq(fitKits.batchId, batchId));
  const sourceIds = new Map(
    (
      await db
        .select({ id: patients.id, sourceId: patients.sourceId })
        .from(patients)
        .where(inArray(patients.id, [...chosen]))
    ).map((row) => [row.id, row.sourceId]),
  );
  const results: unknown[] = [];
  for (const [index, patientId] of chosen.entries()) {
    const state = DEMO_KITS[index];
    const kit = kits.find((row) => row.patientId === patientId);
    if (!kit || !state || state === 'mailed') continue;
    if (state === 'resulted') {
      const patientSourceId = sourceIds.get(patientId) ?? '';
      results.push(demoResult({ patientSourceId, kitMailedOn: mailedOn, today, isPositive: results.length > 0 }));
      continue;
    }
    const returnedOn = state === 'returned' ? ([addDays(mailedOn, 12), today].sort()[0] ?? today) : null;
    await db.update(fitKits).set({ status: state, returnedOn }).where(eq(fitKits.id, kit.id));
  }
  if (results.length > 0) {
    await importBundle(db, {
      organisationId,
      source: 'EHR',
      bundle: { resourceType: 'Bundle', type: 'collection', entry: results.map((resource) => ({ resource })) },
    });
  }
}
