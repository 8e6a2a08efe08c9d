/** Issue 5: filled in by its owner. Notes on a visit's summary (addSummaryNote / getSummaryNotes). */
export function SummaryNotesButton(_props: { sid: string }) {
  return null;
}
