import type { PartnerNoteKind } from '@cairn/contracts';
import type { Coding } from './fhir-types';

type CodeSystem = 'SNOMED' | 'CPT' | 'HCPCS';

/**
 * The codes that say what a partner organisation's recommendation asks for. Anything else (or no code)
 * is `other`: the kind is never guessed from the words.
 * - Annual wellness visit: VSAC "Annual Wellness Visit" (2.16.840.1.113883.3.526.3.1240, as in
 *   packages/clinical's care-gap value sets) without G0402, which is the initial preventive examination.
 * - Care management referral: SNOMED CT US 464011000124107 "Referral to care manager"; the CPT chronic
 *   care management services (99490, 99439, 99487, 99489, 99491) and HCPCS G0506 (its initiation).
 * - Medication review: SNOMED CT 182836005 "Review of medication" and 430193006 "Medication
 *   reconciliation"; CPT II 1160F (all medications reviewed by a prescriber or pharmacist) and the
 *   pharmacist's medication therapy management (99605, 99606).
 */
const KIND_CODES: Readonly<Record<Exclude<PartnerNoteKind, 'other'>, Partial<Record<CodeSystem, readonly string[]>>>> =
  {
    'annual-wellness-visit': { HCPCS: ['G0438', 'G0439'], SNOMED: ['444971000124105', '456201000124103'] },
    'care-management-referral': {
      SNOMED: ['464011000124107'],
      CPT: ['99490', '99439', '99487', '99489', '99491'],
      HCPCS: ['G0506'],
    },
    'medication-review': { SNOMED: ['182836005', '430193006'], CPT: ['1160F', '99605', '99606'] },
  };

const SYSTEM_BY_URI: Readonly<Record<string, CodeSystem>> = {
  'http://snomed.info/sct': 'SNOMED',
  'http://www.ama-assn.org/go/cpt': 'CPT',
  'urn:oid:2.16.840.1.113883.6.12': 'CPT',
  'http://www.cms.gov/medicare/coding/hcpcsreleasecodesets': 'HCPCS',
  'https://www.cms.gov/medicare/coding/hcpcsreleasecodesets': 'HCPCS',
  'urn:oid:2.16.840.1.113883.6.285': 'HCPCS',
};

const KIND_BY_CODE = new Map<string, PartnerNoteKind>(
  Object.entries(KIND_CODES).flatMap(([kind, systems]) =>
    Object.entries(systems).flatMap(([system, codes]) =>
      codes.map((code) => [`${system}|${code}`, kind as PartnerNoteKind] as const),
    ),
  ),
);

/** The kind of the first coding Cairn knows, in the order given; `other` when none is known. */
export function partnerNoteKindOf(codings: readonly Coding[]): PartnerNoteKind {
  for (const coding of codings) {
    const system = SYSTEM_BY_URI[coding.system?.trim().toLowerCase() ?? ''];
    const kind = system && coding.code ? KIND_BY_CODE.get(`${system}|${coding.code.trim().toUpperCase()}`) : undefined;
    if (kind) return kind;
  }
  return 'other';
}
