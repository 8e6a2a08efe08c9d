import type { CodeableConcept, FhirResource, Reference } from './fhir-types';
import { codingsOf, displayOf, MappingError, nonEmpty, requireDate, storedCodings } from './fhir-values';
import type { MapContext, MappedRow } from './fhir-mapping';
import { partnerNoteKindOf } from './partner-note-kinds';

/**
 * Partner-organisation notes (issue 16 item 7): recommendations that are not diagnoses (an annual
 * wellness visit, a care management referral, a medication review) that a partner organisation sends
 * about a patient as a FHIR R4 Task or CommunicationRequest. Such a resource is a partner note when
 * the one who asks (Task.requester, else Task.owner; CommunicationRequest.sender) is an Organization:
 * a reference to one (in the bundle, contained, or by `Organization/<id>`), or a name alone
 * (`display` without a reference, unless its `type` says it is not an Organization). Any other Task
 * or CommunicationRequest (a practitioner's, a system's) is not Cairn's and is skipped.
 */

interface NamingReference extends Reference {
  /** R4 Reference.type: the type the reference points at. */
  type?: string;
}
interface Annotation {
  text?: string;
}
interface TaskResource extends FhirResource {
  status?: string;
  code?: CodeableConcept;
  description?: string;
  for?: Reference;
  authoredOn?: string;
  requester?: NamingReference;
  owner?: NamingReference;
  reasonCode?: CodeableConcept;
  note?: Annotation[];
}
interface CommunicationRequestResource extends FhirResource {
  status?: string;
  category?: CodeableConcept[];
  subject?: Reference;
  sender?: NamingReference;
  authoredOn?: string;
  payload?: { contentString?: string }[];
  reasonCode?: CodeableConcept[];
  note?: Annotation[];
}

/** The reference naming the partner, with its field for a rejection's reason; none when it is not a partner note. */
function partnerReference(
  resource: FhirResource,
  context: MapContext,
): { reference: NamingReference; field: string } | undefined {
  const candidates: [NamingReference | undefined, string][] =
    resource.resourceType === 'Task'
      ? [
          [(resource as TaskResource).requester, 'Task.requester'],
          [(resource as TaskResource).owner, 'Task.owner'],
        ]
      : [[(resource as CommunicationRequestResource).sender, 'CommunicationRequest.sender']];
  for (const [reference, field] of candidates) {
    if (reference && isOrganization(reference, resource, context)) return { reference, field };
  }
  return undefined;
}

function isOrganization(reference: NamingReference, resource: FhirResource, context: MapContext): boolean {
  if (reference.type !== undefined) return reference.type === 'Organization';
  const value = reference.reference;
  if (typeof value !== 'string' || value === '') return nonEmpty(reference.display) !== undefined;
  if (value.startsWith('#')) return containedOf(resource, value)?.resourceType === 'Organization';
  return context.target(reference)?.type === 'Organization';
}

function containedOf(resource: FhirResource, value: string): FhirResource | undefined {
  return resource.contained?.find((item) => item.id === value.slice(1));
}

/** Whether a Task or CommunicationRequest is a partner organisation's: the import skips the others. */
export function namesPartner(resource: FhirResource, context: MapContext): boolean {
  return partnerReference(resource, context) !== undefined;
}

/** The partner's name: the reference's display, else the referenced Organization's name. */
function partnerNameOf(resource: FhirResource, context: MapContext): string {
  const named = partnerReference(resource, context);
  if (!named) throw new MappingError('names no partner organisation');
  const { reference, field } = named;
  const value = reference.reference ?? '';
  const organization = value.startsWith('#') ? containedOf(resource, value) : context.resolve(reference);
  const name = nonEmpty(reference.display) ?? nonEmpty(typeof organization?.name === 'string' ? organization.name : '');
  if (!name) throw new MappingError(`${field}: the partner organisation has no name (display)`);
  return name;
}

/** The patient the note is about: required, or the resource is rejected naming the field. */
function patientOf(context: MapContext, reference: Reference | undefined, field: string): string {
  const target = context.target(reference);
  if (!target) throw new MappingError(`missing ${field}`);
  if (target.type !== undefined && target.type !== 'Patient') throw new MappingError(`${field} is not a patient`);
  return target.sourceId;
}

function firstText(...candidates: (string | undefined)[]): string | undefined {
  for (const candidate of candidates) {
    const text = nonEmpty(candidate);
    if (text) return text;
  }
  return undefined;
}

/** Task -> partner_notes: the text is its description (else its code's words, else its first note). */
export function mapTask(resource: FhirResource, sourceId: string, context: MapContext): MappedRow[] {
  const task = resource as TaskResource;
  const concepts = [task.code, task.reasonCode];
  const text = firstText(task.description, displayOf(task.code), task.note?.[0]?.text);
  if (!text) throw new MappingError('missing Task.description');
  return noteRows(sourceId, {
    resourceType: 'Task',
    partner: partnerNameOf(task, context),
    concepts,
    text,
    authoredOn: requireDate(task.authoredOn, 'Task.authoredOn'),
    status: nonEmpty(task.status) ?? 'requested',
    patientSourceId: patientOf(context, task.for, 'Task.for'),
  });
}

/** CommunicationRequest -> partner_notes: the text is its payload's words (else its first note, else its category). */
export function mapCommunicationRequest(resource: FhirResource, sourceId: string, context: MapContext): MappedRow[] {
  const request = resource as CommunicationRequestResource;
  const concepts = [...(request.category ?? []), ...(request.reasonCode ?? [])];
  const payload = (request.payload ?? []).flatMap((item) => nonEmpty(item.contentString) ?? []).join(' ');
  const text = firstText(payload, request.note?.[0]?.text, displayOf(request.category?.[0]));
  if (!text) throw new MappingError('missing CommunicationRequest.payload.contentString');
  return noteRows(sourceId, {
    resourceType: 'CommunicationRequest',
    partner: partnerNameOf(request, context),
    concepts,
    text,
    authoredOn: requireDate(request.authoredOn, 'CommunicationRequest.authoredOn'),
    status: nonEmpty(request.status) ?? 'active',
    patientSourceId: patientOf(context, request.subject, 'CommunicationRequest.subject'),
  });
}

function noteRows(
  sourceId: string,
  note: {
    resourceType: string;
    partner: string;
    concepts: (CodeableConcept | undefined)[];
    text: string;
    authoredOn: string;
    status: string;
    patientSourceId: string;
  },
): MappedRow[] {
  const { concepts, patientSourceId, ...values } = note;
  return [
    {
      table: 'partnerNotes',
      values: {
        sourceId,
        ...values,
        kind: partnerNoteKindOf(concepts.flatMap(codingsOf)),
        codings: concepts.flatMap(storedCodings),
      },
      refs: { patientId: patientSourceId },
    },
  ];
}
