import type { Db } from '../../db/client';
import type { FhirClient } from '../../integrations/fhir/fhir-client';
import type { FhirResource, Reference } from '../../integrations/fhir/fhir-types';
import { AppError } from '../../lib/app-error';
import { findVisitForWrite } from './ehr-write.repository';
import { failureText, writeTargetOf, type WriteTarget } from './ehr-write.service';

/** The identifier system of the notes Cairn writes on encounters: a retry finds the note already made. */
export const ENCOUNTER_NOTE_SYSTEM = 'urn:cairn:encounter-note';

export interface EncounterNote {
  /** The note's identifier (a uuid), kept by the caller so that a retry sends the same one. */
  identifier: string;
  /** The note's title in the EHR ("Care gaps addressed"). */
  title: string;
  /** The note in plain text. */
  text: string;
}

export type NoteWriteResult =
  { status: 'written'; ehrResourceId: string | undefined } | { status: 'failed'; reason: string };

/**
 * Writes a plain-text clinical note on the visit's EHR encounter (issue 19: the care gaps addressed at
 * the visit), with the checks of a diagnosis write (an EHR encounter that takes writes, a live EHR
 * session, an EHR that declares DocumentReference create). The note is a US Core DocumentReference
 * (category clinical-note, type LOINC 11506-3 Progress note, `context.encounter`), the resource EHRs
 * accept clinical notes as (Epic and Oracle Health: DocumentReference create for clinical notes). It
 * is sent as a conditional create on its identifier, so a retry never makes a second note.
 */
export async function writeNoteToEncounter(
  db: Db,
  options: {
    organisationId: string;
    appointmentId: string;
    note: EncounterNote;
    client: FhirClient | undefined;
    /** The Practitioner writing it: the provider the user works as in the EHR. */
    author?: Reference;
  },
): Promise<NoteWriteResult> {
  const visit = await findVisitForWrite(db, options.organisationId, options.appointmentId);
  if (!visit) throw new AppError('NOT_FOUND', 'No such visit');
  const target = await writeTargetOf(
    db,
    visit,
    { organisationId: options.organisationId, client: options.client, recorder: options.author },
    'DocumentReference',
  );
  if (typeof target === 'string') return { status: 'failed', reason: target };
  try {
    const written = await target.client.create(encounterNoteDocument(options.note, target), {
      ifNoneExist: `identifier=${ENCOUNTER_NOTE_SYSTEM}|${options.note.identifier}`,
    });
    return { status: 'written', ehrResourceId: written.id };
  } catch (error) {
    return { status: 'failed', reason: failureText(error) };
  }
}

/** The note as a US Core DocumentReference on the encounter. */
export function encounterNoteDocument(note: EncounterNote, target: Omit<WriteTarget, 'client'>): FhirResource {
  return {
    resourceType: 'DocumentReference',
    identifier: [{ system: ENCOUNTER_NOTE_SYSTEM, value: note.identifier }],
    status: 'current',
    docStatus: 'final',
    type: { coding: [{ system: 'http://loinc.org', code: '11506-3', display: 'Progress note' }], text: note.title },
    category: [
      {
        coding: [
          {
            system: 'http://hl7.org/fhir/us/core/CodeSystem/us-core-documentreference-category',
            code: 'clinical-note',
            display: 'Clinical Note',
          },
        ],
      },
    ],
    subject: { reference: `Patient/${target.patientFhirId}` },
    date: new Date().toISOString(),
    ...(target.recorder ? { author: [target.recorder] } : {}),
    description: note.title,
    content: [
      {
        attachment: {
          contentType: 'text/plain; charset=utf-8',
          title: note.title,
          data: Buffer.from(note.text, 'utf8').toString('base64'),
        },
      },
    ],
    context: { encounter: [{ reference: `Encounter/${target.encounterFhirId}` }] },
  };
}
