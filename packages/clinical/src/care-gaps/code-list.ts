/**
 * Code lists: small, documented subsets of the VSAC value sets that the eCQMs name (see README.md).
 * Each list keeps the OID of the value set it stands for, so that a reviewer can check every code
 * against the published expansion.
 */

/** The code systems the care-gap value sets use. */
export type CodeSystem = 'CPT' | 'HCPCS' | 'SNOMED' | 'ICD10CM' | 'ICD10PCS' | 'LOINC';

export interface CodeListSource {
  /** Value set name as published in VSAC. */
  name: string;
  /** VSAC OID, or `direct` for a direct-reference code in the measure's CQL. */
  oid: string;
  codes: Partial<Record<CodeSystem, readonly string[]>>;
  /**
   * ICD-10-CM entries that stand for every code below them (`E11` covers `E119`, `E1122`, ...).
   * Used only where the whole category belongs to the value set.
   */
  icdPrefixes?: readonly string[];
}

export interface CodeList {
  readonly name: string;
  readonly oid: string;
  has(system: CodeSystem, code: string): boolean;
}

/** Builds a fast matcher from a code list source. ICD-10-CM codes are compared without dots. */
export function defineCodeList(source: CodeListSource): CodeList {
  const sets = new Map<CodeSystem, Set<string>>();
  for (const [system, codes] of Object.entries(source.codes) as [CodeSystem, readonly string[]][]) {
    sets.set(system, new Set(codes.map((code) => normaliseCode(system, code))));
  }
  const prefixes = (source.icdPrefixes ?? []).map((prefix) => normaliseCode('ICD10CM', prefix));
  return {
    name: source.name,
    oid: source.oid,
    has(system, code) {
      const codes = sets.get(system);
      // Fast path: record codes are usually already upper case without a dot.
      if (codes?.has(code)) return true;
      const normalised = normaliseCode(system, code);
      if (normalised !== code && codes?.has(normalised)) return true;
      return system === 'ICD10CM' && prefixes.some((prefix) => normalised.startsWith(prefix));
    },
  };
}

/** A code list that matches when any of the given lists does (a union of value sets). */
export function unionCodeLists(name: string, lists: readonly CodeList[]): CodeList {
  return {
    name,
    oid: lists.map((list) => list.oid).join('+'),
    has: (system, code) => lists.some((list) => list.has(system, code)),
  };
}

export function normaliseCode(system: CodeSystem, code: string): string {
  const trimmed = code.trim().toUpperCase();
  return system === 'ICD10CM' || system === 'ICD10PCS' ? trimmed.replace('.', '') : trimmed;
}

const SYSTEM_BY_URI: Record<string, CodeSystem> = {
  'http://www.ama-assn.org/go/cpt': 'CPT',
  'urn:oid:2.16.840.1.113883.6.12': 'CPT',
  'http://www.cms.gov/medicare/coding/hcpcsreleasecodesets': 'HCPCS',
  'https://www.cms.gov/medicare/coding/hcpcsreleasecodesets': 'HCPCS',
  'https://www.cms.gov/research/umls/hcpccs': 'HCPCS',
  'urn:oid:2.16.840.1.113883.6.285': 'HCPCS',
  'http://snomed.info/sct': 'SNOMED',
  'http://hl7.org/fhir/sid/icd-10-cm': 'ICD10CM',
  'http://hl7.org/fhir/sid/icd-10-pcs': 'ICD10PCS',
  'http://www.cms.gov/medicare/coding/icd10': 'ICD10PCS',
  'http://loinc.org': 'LOINC',
};

/**
 * The code system of a record's `system` field: a FHIR URI (`http://snomed.info/sct`) or a short
 * name (`CPT`, `SNOMED CT`, `HCPCS`). `undefined` for systems no care-gap value set uses.
 */
export function resolveCodeSystem(system: string): CodeSystem | undefined {
  const lower = system.trim().toLowerCase();
  const byUri = SYSTEM_BY_URI[lower];
  if (byUri) return byUri;
  if (lower.includes('snomed')) return 'SNOMED';
  if (lower.includes('loinc')) return 'LOINC';
  if (lower.includes('hcpcs')) return 'HCPCS';
  if (lower.includes('icd-10-pcs') || lower.includes('icd10pcs')) return 'ICD10PCS';
  if (lower.includes('icd-10-cm') || lower.includes('icd10cm')) return 'ICD10CM';
  if (lower.includes('cpt')) return 'CPT';
  return undefined;
}
