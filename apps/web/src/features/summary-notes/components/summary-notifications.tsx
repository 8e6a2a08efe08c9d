/** Issue 5: filled in by its owner. What changed on a visit's summary (getSummaryNotifications). */
export function SummaryNotifications(_props: { sid: string }) {
  return null;
}
