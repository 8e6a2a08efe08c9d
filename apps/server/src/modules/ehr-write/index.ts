export { findVisitForWrite } from './ehr-write.repository';
export { encounterStatusOf, writeDiagnosesToEncounter, writeDiagnosesToProblemList } from './ehr-write.service';
export { writeNoteToEncounter, type EncounterNote, type NoteWriteResult } from './encounter-note';
