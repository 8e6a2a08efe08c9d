import { getIcdCatalog, type Suggestion, type SuggestionEvidence } from '@cairn/clinical';
import type { DxEvidence, DxRole, ExplanationGroup } from '@cairn/contracts';
import { isUuid } from '../../access';

/**
 * The in-app explanation of each group of spec §3: one sentence saying why the suggestion is shown,
 * made of the item's own facts (the year and place it was last coded, where its evidence comes from,
 * who rejected it or put it in the cart). Pure: no patient data leaves the tab through it.
 */
export interface ExplanationFacts {
  suggestion: Suggestion;
  hccLabel: string | null;
  /** The visit's calendar year. */
  year: number;
  /** Who rejected it (at this or an earlier visit) or put it in the cart, and when. */
  decidedBy?: { name: string; role: DxRole; at: Date };
}

const SOURCE_NAMES: Record<SuggestionEvidence['source'], string> = {
  EHR: 'this practice (EHR)',
  HIE: 'a partner organisation (HIE)',
};

const RESOURCE_NAMES: Record<SuggestionEvidence['resourceType'], string> = {
  Condition: 'a coded diagnosis',
  Claim: 'a claim',
  Observation: 'results',
  MedicationRequest: 'medications',
  DocumentReference: 'notes',
  Procedure: 'procedures',
  Encounter: 'visit reasons',
  CarePlan: 'care plans',
};

const dateOf = (at: Date) => at.toISOString().slice(0, 10);

/** Where a code was last coded: the latest diagnosis, claim or coded visit reason evidence. */
function lastCoded(evidence: readonly SuggestionEvidence[]): SuggestionEvidence | undefined {
  const coded = evidence.filter(
    (item) => item.resourceType === 'Condition' || item.resourceType === 'Claim' || item.resourceType === 'Encounter',
  );
  return coded.reduce<SuggestionEvidence | undefined>(
    (latest, item) => (!latest || item.date > latest.date ? item : latest),
    undefined,
  );
}

function evidenceKinds(evidence: readonly SuggestionEvidence[]): string {
  const kinds = [...new Set(evidence.map((item) => RESOURCE_NAMES[item.resourceType]))];
  if (kinds.length <= 1) return kinds[0] ?? 'the record';
  return `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1) ?? ''}`;
}

export function explanationText(group: ExplanationGroup, facts: ExplanationFacts): string {
  const { suggestion, hccLabel, year, decidedBy } = facts;
  const hcc = hccLabel ? `HCC "${hccLabel}"` : 'its HCC';
  const kinds = evidenceKinds(suggestion.evidence);
  switch (group) {
    case 'readdress': {
      const coded = lastCoded(suggestion.evidence);
      const where = !coded
        ? 'at an earlier visit'
        : coded.resourceType === 'Claim'
          ? 'on a claim'
          : coded.resourceType === 'Encounter'
            ? `as a visit reason at ${SOURCE_NAMES[coded.source]}`
            : `at ${SOURCE_NAMES[coded.source]}`;
      const when = coded ? coded.date.slice(0, 4) : 'an earlier year';
      return `Coded in ${when} ${where}, not yet in ${String(year)}: readdress it if it is still present.`;
    }
    case 'new-hcc':
      return `Not coded in the last two years; ${kinds} from before ${String(year)} point to ${hcc}.`;
    case 'new-hcc-mid-year':
      return `New in ${String(year)}: ${kinds} dated this year point to ${hcc}, never coded before.`;
    case 'existing-hcc':
      return `${hcc} or a related condition was coded in an earlier year; ${kinds} support coding it this year.`;
    case 'existing-hcc-mid-year':
      return `A milder condition of the same HCC family is already coded in ${String(year)}; ${kinds} suggest the more specific code.`;
    case 'provider-rejected':
    case 'coder-rejected':
      return decidedBy
        ? `Rejected by ${decidedBy.name} (${decidedBy.role}) on ${dateOf(decidedBy.at)}; shown again for review.`
        : 'Rejected at an earlier visit; shown again for review.';
    case 'partner-organisation-notes':
      return `Found only in records of a partner organisation (HIE): ${kinds}; not yet coded in this practice.`;
    case 'no-hcc':
      return `Supported by ${kinds}; the code carries no payment HCC but keeps the record complete.`;
    case 'cart-for-provider':
    case 'cart-for-coder':
      return decidedBy
        ? `In the cart: accepted by ${decidedBy.name} (${decidedBy.role}) on ${dateOf(decidedBy.at)}.`
        : 'In the cart.';
  }
}

/**
 * The suggestion-list kind (spec §3): Comment when the decision carries a note, Document when every
 * piece of evidence is a document, Single for one piece of evidence, Collection for several.
 */
export function listKindOf(
  evidence: readonly DxEvidence[],
  hasNote: boolean,
): 'Comment' | 'Document' | 'Single' | 'Collection' {
  if (hasNote) return 'Comment';
  if (evidence.length > 0 && evidence.every((item) => item.resourceType === 'DocumentReference')) return 'Document';
  return evidence.length === 1 ? 'Single' : 'Collection';
}

const LOINC = 'http://loinc.org';

/** The CMS title of the ICD-10-CM code of a coded diagnosis or a claim line (a claim carries the code alone). */
function codeTitleOf(item: SuggestionEvidence): string | undefined {
  if (item.code === undefined || (item.resourceType !== 'Condition' && item.resourceType !== 'Claim')) return undefined;
  return getIcdCatalog().get(item.code)?.longDescription;
}

/**
 * Where each piece of evidence opens: a document at its snippet (Cairn's id of the document), the
 * lab's trend (by LOINC), or nowhere (a citation that is not Cairn's id of a document). A diagnosis
 * code comes with its title.
 */
export function evidenceOut(item: SuggestionEvidence): DxEvidence {
  // The engine cites a document by Cairn's id of it; the analysis shown is of the data as it is now
  // (a changed or removed document makes it pending), so the document is there to open.
  const documentId = item.resourceType === 'DocumentReference' && isUuid(item.resourceId) ? item.resourceId : undefined;
  const link: DxEvidence['link'] = documentId
    ? { kind: 'document', documentId, highlight: item.text ?? '' }
    : item.resourceType === 'Observation' && item.code
      ? { kind: 'lab', code: item.code, system: LOINC }
      : { kind: 'none' };
  const codeTitle = codeTitleOf(item);
  return {
    resourceType: item.resourceType,
    date: item.date,
    source: item.source,
    ...(item.code === undefined ? {} : { code: item.code }),
    ...(codeTitle === undefined ? {} : { codeTitle }),
    ...(item.value === undefined ? {} : { value: item.value }),
    ...(item.decimals === undefined ? {} : { decimals: item.decimals }),
    ...(item.unit === undefined ? {} : { unit: item.unit }),
    ...(item.text === undefined ? {} : { text: item.text }),
    ruleSource: item.ruleSource,
    link,
  };
}
