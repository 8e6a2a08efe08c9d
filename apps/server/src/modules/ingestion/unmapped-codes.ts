import type { MappedRow } from '../../integrations/fhir/fhir-mapping';

/**
 * A SNOMED CT code the import stored without an ICD-10-CM code (none given, no row in Cairn's map
 * `data/snomed-icd10/snomed-icd10.tsv`): the condition is kept, as evidence, but is never coded. Reported
 * so that a gap in the map shows; only vocabulary, never patient data.
 */
export interface UnmappedSnomedCode {
  code: string;
  /** The code's display as the source wrote it. */
  display: string;
  /** Conditions of the import that carry it. */
  conditions: number;
}

/** The SNOMED CT codes of conditions that the rows store without an ICD-10-CM code, most frequent first. */
export function unmappedSnomedCodes(rows: readonly MappedRow[]): UnmappedSnomedCode[] {
  const found = new Map<string, UnmappedSnomedCode>();
  for (const row of rows) {
    if (row.table !== 'conditions' || row.values.icdCode || !row.values.snomedCode) continue;
    const code = row.values.snomedCode;
    const item = found.get(code) ?? { code, display: row.values.display, conditions: 0 };
    item.conditions += 1;
    found.set(code, item);
  }
  return [...found.values()].sort(
    (left, right) => right.conditions - left.conditions || (left.code < right.code ? -1 : 1),
  );
}
