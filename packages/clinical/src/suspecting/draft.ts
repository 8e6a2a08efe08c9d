import type { SuggestionEvidence, SuggestionCategory, SuggestionHcc, SuspectKind } from './types';

/** A suggestion being assembled: merged by code, then filtered and grouped. */
export interface Draft {
  code: string;
  description: string;
  hcc: SuggestionHcc;
  category: SuggestionCategory;
  suspectKind: SuspectKind | undefined;
  evidence: SuggestionEvidence[];
  ruleIds: Set<string>;
}

/** The stronger kind first: a statement in a record, then a met criterion, then indirect evidence. */
const KIND_RANK: Record<SuspectKind, number> = {
  'documented-elsewhere': 0,
  'meets-diagnostic-criteria': 1,
  'clinical-correlation-needed': 2,
};

/** The kind a suggestion shows when several rules found it: the strongest. */
export function strongerKind(left: SuspectKind | undefined, right: SuspectKind | undefined): SuspectKind | undefined {
  if (left === undefined) return right;
  if (right === undefined) return left;
  return KIND_RANK[left] <= KIND_RANK[right] ? left : right;
}

/** Adds a rule's finding to the draft of its code (one suggestion per code). Recapture wins over Suspect. */
export function mergeFinding(
  drafts: Map<string, Draft>,
  finding: {
    code: string;
    category: SuggestionCategory;
    kind: SuspectKind | undefined;
    evidence: readonly SuggestionEvidence[];
    ruleId: string;
  },
): void {
  const draft = drafts.get(finding.code);
  if (!draft) {
    drafts.set(finding.code, {
      code: finding.code,
      description: '',
      hcc: { v28: [], v24: [] },
      category: finding.category,
      suspectKind: finding.category === 'Suspect' ? finding.kind : undefined,
      evidence: [...finding.evidence],
      ruleIds: new Set([finding.ruleId]),
    });
    return;
  }
  draft.evidence.push(...finding.evidence);
  draft.ruleIds.add(finding.ruleId);
  if (draft.category === 'Recapture' || finding.category === 'Recapture') {
    draft.category = 'Recapture';
    draft.suspectKind = undefined;
  } else {
    draft.suspectKind = strongerKind(draft.suspectKind, finding.kind);
  }
}

/** Moves the evidence and rules of `from` into `into` (when a suggestion is folded into a better one). */
export function foldDraft(from: Draft, into: Draft): void {
  into.evidence.push(...from.evidence);
  for (const ruleId of from.ruleIds) into.ruleIds.add(ruleId);
}

/** SuggestionEvidence oldest first, each fact once per rule. */
export function tidyEvidence(evidence: readonly SuggestionEvidence[]): SuggestionEvidence[] {
  const seen = new Set<string>();
  const unique: SuggestionEvidence[] = [];
  for (const item of evidence) {
    // A document can hold several mentions of one condition: each snippet is its own evidence.
    const snippet = item.resourceType === 'DocumentReference' ? (item.text ?? '') : '';
    const key = `${item.resourceId}|${item.ruleId}|${snippet}`;
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(item);
  }
  return unique.sort((left, right) => (left.date < right.date ? -1 : left.date > right.date ? 1 : 0));
}
