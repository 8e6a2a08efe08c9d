import type { CareGapNoteResult } from '@cairn/contracts';
import type { Db } from '../../db/client';
import type { FhirClient } from '../../integrations/fhir/fhir-client';
import type { Reference } from '../../integrations/fhir/fhir-types';
import { writeNoteToEncounter, type NoteWriteResult } from '../ehr-write';
import { claimUnsentMarks, recordNoteOutcome, type MarkRow } from './quality-tab.repository';

export const CARE_GAP_NOTE_TITLE = 'Care gaps addressed';

/**
 * Writes the visit's care gaps marked as addressed and not yet in the EHR to its encounter, as one
 * clinical note per batch (issue 19: "sent with the cart"; `push2emrApi` calls this after the cart's
 * diagnoses). A batch keeps its note identifier across retries, so a note the EHR made before a lost
 * answer is found, not duplicated; marks made after a failed try go in a note of their own. Answers
 * undefined when no mark was waiting.
 */
export async function sendMarkedCareGaps(
  db: Db,
  options: { organisationId: string; appointmentId: string; client: FhirClient | undefined; author?: Reference },
): Promise<CareGapNoteResult | undefined> {
  const key = { organisationId: options.organisationId, appointmentId: options.appointmentId };
  const marks = await claimUnsentMarks(db, key);
  if (marks.length === 0) return undefined;
  const batches = new Map<string, MarkRow[]>();
  for (const mark of marks) {
    const identifier = mark.writeIdentifier ?? '';
    batches.set(identifier, [...(batches.get(identifier) ?? []), mark]);
  }
  const outcomes: NoteWriteResult[] = [];
  for (const [identifier, batch] of batches) {
    const outcome = await writeNoteToEncounter(db, {
      ...key,
      client: options.client,
      ...(options.author ? { author: options.author } : {}),
      note: { identifier, title: CARE_GAP_NOTE_TITLE, text: careGapNoteText(batch) },
    });
    await recordNoteOutcome(db, { ...key, writeIdentifier: identifier }, outcome);
    outcomes.push(outcome);
  }
  const failure = outcomes.find((outcome) => outcome.status === 'failed');
  const written = outcomes.find((outcome) => outcome.status === 'written');
  const measureIds = marks.map((mark) => mark.measureId);
  if (failure) return { measureIds, status: 'failed', reason: failure.reason };
  return { measureIds, status: 'written', ...(written?.ehrResourceId ? { ehrResourceId: written.ehrResourceId } : {}) };
}

/**
 * The note's text: one line per gap, with the measure's published version and title, who marked it
 * addressed and when, and their note. Plain text, as EHRs show a note's attachment.
 */
export function careGapNoteText(marks: readonly MarkRow[]): string {
  const lines = marks.map((mark) => {
    const day = mark.markedAt.toISOString().slice(0, 10);
    const note = mark.note ? ` Note: ${mark.note}` : '';
    return `- ${mark.measureVersion} ${mark.measureTitle}: addressed at this visit (marked by ${mark.markedByName} on ${day}).${note}`;
  });
  return [`${CARE_GAP_NOTE_TITLE} at this visit (eCQM care gaps, recorded in Cairn):`, ...lines].join('\n');
}
