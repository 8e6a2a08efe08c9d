/** Issue 5: filled in by its owner. Visits whose post-visit review is ready (getReadyPostVisits). */
export function ReadyPostVisitsButton() {
  return null;
}
