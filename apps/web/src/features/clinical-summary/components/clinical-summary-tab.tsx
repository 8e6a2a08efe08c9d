/** What the portrait gives each tab: the patient and, when opened for a visit, the visit (`sid`). */
export interface PortraitTabProps {
  patientId: string;
  appointmentId: string | undefined;
}

/** Issue 5: filled in by its owner. */
export function ClinicalSummaryTab(_props: PortraitTabProps) {
  return null;
}
