import {
  findCodeEvidence,
  formatIcdCode,
  getIcdCatalog,
  normalizeIcdCode,
  type PatientRecord,
  type Suggestion,
  type SuggestionEvidence,
} from '@cairn/clinical';
import { formatIcdCodeWithTitle, formatQuantity } from '@cairn/clinical/display';
import type { NoteTemplate } from '@cairn/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { loadPatientRecords } from '../analysis';
import { openVisit, type Caller } from './dx-access';

/**
 * Note templates (spec §7 getNoteTemplates), built in for every organisation for now. Each drafts one
 * section; its line template is filled per diagnosis, and a line whose placeholder has nothing to say
 * is left out rather than printed empty.
 */
export const NOTE_TEMPLATES: readonly NoteTemplate[] = [
  {
    id: 'assessment-plan-meat',
    name: 'Assessment and plan (MEAT)',
    section: 'Assessment and Plan',
    lineTemplate:
      '{diagnosis} ({icdCode})\n- Monitor: {monitor}\n- Evaluate: {evaluate}\n- Assess: {assess}\n- Treat: {treat}',
  },
  {
    id: 'problem-oriented',
    name: 'Problem-oriented assessment',
    section: 'Assessment',
    lineTemplate: '# {diagnosis} ({icdCode})\n{assess}\nData: {evaluate}\nPlan: {treat}\nFollow-up: {monitor}',
  },
];

export function getNoteTemplates(): NoteTemplate[] {
  return [...NOTE_TEMPLATES];
}

interface Meat {
  monitor?: string;
  evaluate?: string;
  assess?: string;
  treat?: string;
}

const latestFirst = (items: SuggestionEvidence[]) =>
  [...items].sort((left, right) => right.date.localeCompare(left.date));

/** What a claim line says: its code dotted, with its title (the claim carries the code alone). */
const claimText = (item: SuggestionEvidence): string | undefined =>
  item.code === undefined
    ? item.text
    : formatIcdCodeWithTitle(item.code, getIcdCatalog().get(item.code)?.longDescription ?? item.text);

/**
 * What evidence says as MEAT, and nothing for a part it does not speak to: results are what was
 * evaluated (the latest of each test), medications what treats it, documented mentions, coded
 * diagnoses, coded visit reasons and care plans the assessment, procedures the monitoring; the provider edits the draft before it goes into
 * the note, so values are written as a clinician writes them (7.7%, a PHQ-9 of 18, E11.9 with its title).
 */
function meatFound(evidence: readonly SuggestionEvidence[]): Meat {
  const of = (...types: SuggestionEvidence['resourceType'][]) =>
    latestFirst(evidence.filter((item) => types.includes(item.resourceType)));
  const latestByCode = new Map<string, SuggestionEvidence>();
  for (const item of of('Observation'))
    if (!latestByCode.has(item.code ?? item.text ?? '')) latestByCode.set(item.code ?? item.text ?? '', item);
  const results = [...latestByCode.values()].map((item) => {
    const value =
      item.value === undefined ? '' : ` ${formatQuantity(item.value, item.unit, { decimals: item.decimals })}`;
    return `${item.text ?? item.code ?? 'result'}${value} on ${item.date}`;
  });
  const medications = [...new Set(of('MedicationRequest').map((item) => item.text ?? item.code ?? 'medication'))];
  const [documented] = of('DocumentReference', 'Condition', 'Claim', 'Encounter', 'CarePlan');
  const procedures = of('Procedure').map((item) => `${item.text ?? item.code ?? 'procedure'} on ${item.date}`);
  const meat: Meat = {};
  if (procedures.length > 0) meat.monitor = procedures.slice(0, 3).join('; ');
  if (results.length > 0) meat.evaluate = results.slice(0, 4).join('; ');
  if (documented) {
    const isClaim = documented.resourceType === 'Claim';
    const text = isClaim ? claimText(documented) : documented.text;
    const quoted = text && !isClaim ? `"${text}"` : text;
    meat.assess = `${isClaim ? 'Coded on a claim' : 'Documented'} on ${documented.date}${quoted ? `: ${quoted}` : ''}`;
  }
  if (medications.length > 0) meat.treat = `Continue ${medications.slice(0, 4).join(', ')}`;
  return meat;
}

/**
 * A diagnosis in the note is never empty: it is assessed at this visit (the provider is documenting
 * it) and followed up, whatever the record holds on it.
 */
function withDefaults(meat: Meat): Meat {
  return {
    monitor: meat.monitor ?? 'Follow up at the next visit.',
    ...(meat.evaluate === undefined ? {} : { evaluate: meat.evaluate }),
    assess: meat.assess ?? 'Assessed at this visit.',
    ...(meat.treat === undefined ? {} : { treat: meat.treat }),
  };
}

/** MEAT of one diagnosis from its evidence, with a monitor and an assess line whatever it holds. */
export function meatOf(evidence: readonly SuggestionEvidence[]): Meat {
  return withDefaults(meatFound(evidence));
}

/** The patient's record up to the visit day, read as the analysis reads it (scoped to the organisation). */
async function loadVisitRecord(
  db: Db,
  organisationId: string,
  visit: { patientId: string; serviceDate: string },
): Promise<PatientRecord | undefined> {
  const records = await loadPatientRecords(db, organisationId, [visit.patientId], visit.serviceDate);
  return records.get(visit.patientId)?.record;
}

function fill(template: NoteTemplate, values: Record<string, string | undefined>): string {
  return template.lineTemplate
    .split('\n')
    .flatMap((line) => {
      const names = [...line.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
      if (names.some((name) => !values[name])) return [];
      return [line.replace(/\{(\w+)\}/g, (_all, name: string) => values[name] ?? '')];
    })
    .join('\n');
}

/**
 * The assessment section drafted for the chosen diagnoses (spec: note wizard), each with its supporting
 * evidence as monitor / evaluate / assess / treat. A code the visit suggests speaks from its suggestion's
 * evidence first; every code, suggested or not (added by the user, accepted before and no longer
 * suggested), takes what its suggestion does not say from the patient's record up to the visit day
 * (`findCodeEvidence`: coded diagnoses of its category, the results and drugs the rules read for its
 * condition, the visit's suggestions of its category or HCC). A code with nothing on record is still
 * assessed and followed up.
 */
export async function draftAssessmentNote(
  db: Db,
  caller: Caller,
  body: { sid: string; templateId: string; icdCodes: string[] },
): Promise<{
  text: string;
  diagnoses: { icdCode: string; description: string; meat: Meat }[];
}> {
  const template = NOTE_TEMPLATES.find((candidate) => candidate.id === body.templateId);
  if (!template) throw AppError.validation([{ field: 'templateId', message: 'No such note template' }]);
  const { visit } = await openVisit(db, caller, body.sid, 'note-draft');
  const suggestions = (visit.suggestions ?? []) as Suggestion[];
  const byCode = new Map(suggestions.map((suggestion) => [suggestion.code, suggestion]));
  const record = await loadVisitRecord(db, caller.auth.organisationId, visit);
  const codes = [...new Set(body.icdCodes.map(normalizeIcdCode))];
  const diagnoses = codes.map((icdCode) => {
    const suggestion = byCode.get(icdCode);
    const description = suggestion?.description ?? getIcdCatalog().get(icdCode)?.longDescription ?? icdCode;
    const onRecord = record ? findCodeEvidence(record, { code: icdCode, asOf: visit.serviceDate, suggestions }) : [];
    const meat = withDefaults({ ...meatFound(onRecord), ...meatFound(suggestion?.evidence ?? []) });
    return { icdCode, description, meat };
  });
  const paragraphs = diagnoses.map((diagnosis) => {
    const evidence = [diagnosis.meat.evaluate, diagnosis.meat.treat].filter(Boolean).join('; ');
    return fill(template, {
      diagnosis: diagnosis.description,
      icdCode: formatIcdCode(diagnosis.icdCode),
      evidence: evidence || undefined,
      ...diagnosis.meat,
    });
  });
  return { text: `${template.section}\n\n${paragraphs.join('\n\n')}`, diagnoses };
}
