import { HEART_FAILURE, type ChronicCondition } from './catalog';
import type { PatientContext } from './generate-patient';
import { addDays, drawFor, type Draw } from './random';

/**
 * A value-based care partner's recommendations that are not diagnoses (issue 16 item 7), as they
 * arrive through the HIE (FHIR Task or CommunicationRequest naming the partner, see
 * integrations/fhir/map-partner-notes.ts): half the Medicare Advantage patients of 65 and over have one
 * to three, authored in the last two months. Drawn from a sequence of their own, so the rest of the
 * patient is the same with or without them.
 */

const PARTNER = 'Summit Health Partners';
/** Another partner for a few, so the group shows who sent what. */
const OTHER_PARTNER = 'Valley Care Network';
const PARTNER_SEED_SALT = 0x70a7;

const HCPCS = 'https://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets';
const CPT = 'http://www.ama-assn.org/go/cpt';
const SNOMED = 'http://snomed.info/sct';

interface NoteTemplate {
  resourceType: 'Task' | 'CommunicationRequest';
  kind: 'annual-wellness-visit' | 'care-management-referral' | 'medication-review' | 'other';
  coding?: { system: string; code: string; display: string };
  text: (context: PatientContext) => string;
}

const hasCondition = (context: PatientContext, condition: ChronicCondition): boolean =>
  context.conditions.includes(condition);

const TEMPLATES: readonly NoteTemplate[] = [
  {
    resourceType: 'Task',
    kind: 'annual-wellness-visit',
    coding: { system: HCPCS, code: 'G0439', display: 'Annual wellness visit, subsequent' },
    text: (context) => `No annual wellness visit recorded in ${String(context.year)}: please schedule one.`,
  },
  {
    resourceType: 'Task',
    kind: 'care-management-referral',
    coding: { system: CPT, code: '99490', display: 'Chronic care management services' },
    text: (context) =>
      hasCondition(context, HEART_FAILURE)
        ? 'Heart failure with an emergency visit this quarter: refer to our care management programme.'
        : 'Two or more chronic conditions and no care plan on file: refer to our care management programme.',
  },
  {
    resourceType: 'CommunicationRequest',
    kind: 'medication-review',
    coding: { system: SNOMED, code: '182836005', display: 'Review of medication' },
    text: (context) =>
      `${String(context.rows.medications.length)} medications on file from more than one prescriber: please review them with the patient.`,
  },
  {
    resourceType: 'Task',
    kind: 'other',
    text: () => 'The patient asked our nurse line about transport to visits: please confirm it at check-in.',
  },
];

/** The partner's notes about one patient, added to their rows. */
export function addPartnerNotes(context: PatientContext): void {
  const { options, rows } = context;
  const isMedicareAdvantage = rows.coverages.some((coverage) => coverage.plan === 'Medicare Advantage');
  if (!isMedicareAdvantage || context.age < 65) return;
  const draw = drawFor(options.seed ^ PARTNER_SEED_SALT, options.index);
  if (!draw.chance(0.5)) return;
  for (const template of pickTemplates(draw)) {
    const partner = template.kind === 'medication-review' && draw.chance(0.5) ? OTHER_PARTNER : PARTNER;
    rows.partnerNotes.push({
      id: options.newId(),
      organisationId: options.organisationId,
      patientId: rows.patient.id,
      resourceType: template.resourceType,
      partner,
      kind: template.kind,
      text: template.text(context),
      authoredOn: addDays(options.today, -draw.integer(3, 60)),
      status: template.resourceType === 'Task' ? 'requested' : 'active',
      codings: template.coding ? [template.coding] : [],
      source: 'HIE',
      sourceId: context.sourceId('partner-note'),
    });
  }
}

/** One to three different recommendations, the annual wellness visit most often among them. */
function pickTemplates(draw: Draw): NoteTemplate[] {
  const count = draw.integer(1, 3);
  const remaining = [...TEMPLATES];
  const picked: NoteTemplate[] = [];
  while (picked.length < count) {
    const index = picked.length === 0 && draw.chance(0.6) ? 0 : draw.integer(0, remaining.length - 1);
    const [template] = remaining.splice(index, 1);
    if (template) picked.push(template);
  }
  return picked;
}
