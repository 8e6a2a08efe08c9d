import type { DxEvidence } from '@cairn/contracts';

/** What a reader sees of a piece of evidence: two items alike in all of it are one fact. */
function factKey(evidence: DxEvidence): string {
  const { resourceType, date, source, code, value, unit, text, link } = evidence;
  return JSON.stringify([resourceType, date, source, code, value, unit, text, link]);
}

/**
 * A suggestion's evidence as facts, each once, in the server's order (strongest first). The engine
 * lists a fact once per rule that used it; the rules are shown once per suggestion, behind "Why".
 */
export function distinctFacts(evidence: readonly DxEvidence[]): DxEvidence[] {
  const seen = new Set<string>();
  return evidence.filter((item) => {
    const key = factKey(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The published sources of the rules behind a suggestion, each once, in the order its evidence cites them. */
export function ruleSourcesOf(evidence: readonly DxEvidence[]): string[] {
  return [...new Set(evidence.map((item) => item.ruleSource.trim()).filter((source) => source !== ''))];
}
