import type { SectionKind } from './types';

/**
 * Section headers of clinical notes and the context each gives its section. The choice (ours, in the
 * manner of ConText's section-aware successors such as medspaCy's sectionizer):
 * - Family History sets `family`: "Family History: diabetes, breast cancer" lists the relatives'
 *   conditions, not the patient's.
 * - Past Medical / Surgical History sets `historical`, which for a chronic condition means present
 *   (see AssertionOptions.chronic): "PMH: CHF, COPD" is how a clinician records that the patient has
 *   them; "PMH: appendicitis" records a past event.
 * - Return precautions set `hypothetical`; a differential diagnosis sets `uncertain`.
 * - Every other known header (HPI, Assessment, Plan, Problem List, Medications, ...) is `neutral`: it
 *   ends the previous section's context and adds none.
 * Triggers inside a sentence still apply and outrank the section when they say more ("Family History:
 * negative for diabetes" is negated).
 */
const HEADERS: ReadonlyMap<string, SectionKind> = new Map<string, SectionKind>([
  ...words('family', [
    'family history',
    'family hx',
    'family medical history',
    'fh',
    'fhx',
    'fam hx',
    'family history of',
  ]),
  ...words('historical', [
    'past medical history',
    'pmh',
    'pmhx',
    'past history',
    'medical history',
    'past medical hx',
    'past hx',
    'past surgical history',
    'psh',
    'pshx',
    'surgical history',
    'past medical and surgical history',
    'past medical/surgical history',
    'previous medical history',
    'past psychiatric history',
    'prior history',
    'history of past illness',
    'past illnesses',
    'resolved problems',
    'inactive problems',
    'past problems',
  ]),
  ...words('hypothetical', ['return precautions', 'warning signs', 'when to seek care', 'reasons to return']),
  ...words('uncertain', ['differential diagnosis', 'differential diagnoses', 'differential', 'ddx']),
  ...words('neutral', [
    'chief complaint',
    'cc',
    'hpi',
    'history of present illness',
    'interval history',
    'subjective',
    'objective',
    'review of systems',
    'ros',
    'physical exam',
    'physical examination',
    'exam',
    'examination',
    'vital signs',
    'vitals',
    'assessment',
    'plan',
    'assessment and plan',
    'assessment/plan',
    'a/p',
    'a&p',
    'impression',
    'impression and plan',
    'impression/plan',
    'diagnosis',
    'diagnoses',
    'discharge diagnosis',
    'discharge diagnoses',
    'admission diagnosis',
    'admitting diagnosis',
    'final diagnosis',
    'problem list',
    'problems',
    'active problems',
    'active problem list',
    'current problems',
    'chronic problems',
    'medications',
    'current medications',
    'meds',
    'home medications',
    'discharge medications',
    'allergies',
    'social history',
    'sh',
    'social hx',
    'family/social history',
    'social/family history',
    'labs',
    'laboratory',
    'laboratory data',
    'results',
    'imaging',
    'radiology',
    'procedures',
    'hospital course',
    'brief hospital course',
    'immunizations',
    'health maintenance',
    'findings',
    'recommendations',
    'follow up',
    'follow-up',
    'disposition',
    'reason for visit',
    'reason for referral',
    'patient instructions',
    'discharge instructions',
    'history',
    'comments',
    'summary',
    'conclusion',
    'indication',
    'technique',
    'comparison',
    'mental status exam',
    'mse',
    'data',
    'condition at discharge',
    'consults',
    'screening',
  ]),
]);

function words(kind: SectionKind, headers: readonly string[]): [string, SectionKind][] {
  return headers.map((header) => [header, kind]);
}

/** A header found at the start of a sentence. */
export interface SectionHeader {
  kind: SectionKind;
  /** The header as written, without the colon. */
  text: string;
}

const BULLET = /^(?:[-*\u2022\u00b7\u25aa\u25e6\u2023\u2013]|\d{1,2}[.)]|#+)\s*/u;
const HEADER_TEXT = /^[A-Za-z][A-Za-z/&\- ]{0,48}$/u;

function normaliseHeader(text: string): string {
  const lower = text.toLowerCase().trim();
  return lower.includes('  ') || lower.includes('\t') ? lower.replace(/\s+/gu, ' ') : lower;
}

function lookUp(candidate: string): SectionHeader | undefined {
  const text = candidate.trim();
  if (!HEADER_TEXT.test(text)) return undefined;
  const kind = HEADERS.get(normaliseHeader(text));
  return kind === undefined ? undefined : { kind, text };
}

/**
 * The known header a sentence opens with: "Family History: mother with ...", "PMH:", or a line that
 * is nothing but a known header ("FAMILY HISTORY"). Runs for every sentence, so it bails out early.
 */
export function findSectionHeader(sentence: string): SectionHeader | undefined {
  const first = sentence.charCodeAt(0);
  const isLetter = (first >= 0x41 && first <= 0x5a) || (first >= 0x61 && first <= 0x7a);
  const body = isLetter ? sentence : sentence.replace(BULLET, '');
  const colon = body.indexOf(':');
  if (colon > 0 && colon <= 50) {
    const header = lookUp(body.slice(0, colon));
    if (header !== undefined) return header;
  }
  const code = body.charCodeAt(0);
  if (body.length > 50 || !(code >= 0x41 && code <= 0x5a) || /[.,;:?]/u.test(body)) return undefined;
  return lookUp(body);
}
