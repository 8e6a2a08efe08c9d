/**
 * What every part of the FHIR view of a record (`to-fhir-bundle.ts`) shares: FHIR ids for record ids,
 * the identifier naming the record item, the patient reference, the instant of a record day, and which
 * days count (the record as it stood on `asOf`).
 */
import { createHash } from 'node:crypto';
import type { FhirResource, Identifier } from 'fhir/r4';

/** The identifier system naming the record item a resource came from (`conditions/c-1`). */
export const RECORD_ITEM_SYSTEM = 'urn:cairn:record-item';
/** Where QI-Core 4.1.1's profiles live (`qicore-condition`, ...). */
export const QICORE = 'http://hl7.org/fhir/us/qicore/StructureDefinition/';

export interface FhirView {
  patient: { reference: string };
  /** The FHIR id for a record id (`fhirId`). */
  id: (recordId: string) => string;
  /** The identifier naming a record item: its list in the record and its id. */
  identifier: (list: string, recordId: string) => Identifier;
  /** The instant of a record day, `2025-03-01T00:00:00.000Z`: dates in the record are days. */
  instant: (day: string) => string;
  /** Whether a day is on or before `asOf` (always, without one). */
  isKnown: (day: string | undefined) => boolean;
}

export function createFhirView(patientId: string, asOf: string | undefined): FhirView {
  return {
    patient: { reference: `Patient/${fhirId(patientId)}` },
    id: fhirId,
    identifier: (list, recordId) => ({ system: RECORD_ITEM_SYSTEM, value: `${list}/${recordId}` }),
    instant: (day) => `${day.slice(0, 10)}T00:00:00.000Z`,
    isKnown: (day) => !asOf || !day || day.slice(0, 10) <= asOf,
  };
}

const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;

/** A valid FHIR id for a record id: itself, else its allowed characters and a hash of the whole (unique). */
export function fhirId(recordId: string): string {
  if (FHIR_ID.test(recordId)) return recordId;
  const hash = createHash('sha256').update(recordId).digest('hex').slice(0, 12);
  const readable = recordId.replace(/[^A-Za-z0-9\-.]+/g, '-').slice(0, 50);
  return `${readable}-${hash}`;
}

/** The record item a resource of the view came from (`observations/obs-1`), from its identifier. */
export function recordItemOf(resource: FhirResource): string | undefined {
  const identifiers = (resource as { identifier?: Identifier[] }).identifier ?? [];
  return identifiers.find((identifier) => identifier.system === RECORD_ITEM_SYSTEM)?.value;
}
