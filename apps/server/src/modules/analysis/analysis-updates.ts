/** The parts of an analysis whose change a visit's summary reports. */
export interface AnalysisDigest {
  suggestionCodes: readonly string[];
  careGaps: readonly { measureId: string; title: string; status: string }[];
}

/** One line of a summary's updates (table `summary_updates`). */
export interface SummaryUpdateMessage {
  kind: 'suggestions-changed' | 'new-data';
  message: string;
}

const plural = (count: number, word: string) => `${String(count)} ${word}${count === 1 ? '' : 's'}`;

/**
 * What changed between two analyses of a patient, in words a summary can show: counts of suggestions
 * and the measure names of care gaps that opened or closed, nothing else about the patient.
 */
export function describeAnalysisChange(before: AnalysisDigest, after: AnalysisDigest): SummaryUpdateMessage[] {
  const messages: SummaryUpdateMessage[] = [];
  const old = new Set(before.suggestionCodes);
  const current = new Set(after.suggestionCodes);
  const added = [...current].filter((code) => !old.has(code)).length;
  const removed = [...old].filter((code) => !current.has(code)).length;
  if (added > 0) messages.push({ kind: 'suggestions-changed', message: plural(added, 'new suggestion') });
  if (removed > 0) {
    messages.push({
      kind: 'suggestions-changed',
      message: `${plural(removed, 'suggestion')} no longer ${removed === 1 ? 'applies' : 'apply'}`,
    });
  }
  const oldStatus = new Map(before.careGaps.map((gap) => [gap.measureId, gap.status]));
  for (const gap of after.careGaps) {
    const previous = oldStatus.get(gap.measureId);
    if (previous === 'open' && gap.status === 'closed') {
      messages.push({ kind: 'new-data', message: `Care gap closed: ${gap.title}` });
    } else if (gap.status === 'open' && previous !== 'open') {
      messages.push({ kind: 'new-data', message: `Care gap opened: ${gap.title}` });
    }
  }
  return messages;
}

/** The digest of stored suggestions and care gaps (JSON from `patient_analyses`). */
export function digestOf(suggestions: readonly unknown[], careGaps: readonly unknown[]): AnalysisDigest {
  const field = (item: unknown, key: string): string => {
    const value = (item as Record<string, unknown> | null)?.[key];
    return typeof value === 'string' ? value : '';
  };
  return {
    suggestionCodes: suggestions.map((item) => field(item, 'code')),
    careGaps: careGaps.map((item) => ({
      measureId: field(item, 'measureId'),
      title: field(item, 'title'),
      status: field(item, 'status'),
    })),
  };
}
