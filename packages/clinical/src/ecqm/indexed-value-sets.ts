/**
 * Value-set membership by index: cql-execution's `ValueSet.hasMatch` compares a code with every code of
 * the set, one after another, and a retrieve by value set or an `in "Value Set"` asks it of every resource
 * of the type. Sets hold up to thousands of codes (ICD-10-CM, SNOMED CT), so a patient's twelve measures
 * made millions of comparisons. Here each set of a measure's CodeService answers from a map of code
 * system to codes, built on first use: the same answer (a Code matches on code and system, a string on the
 * code alone, and a string that matches a set of several code systems is the same ambiguity error).
 */
import type { CodeService } from 'cql-execution';

interface CqlCode {
  code: string;
  system?: string;
}

interface CqlValueSet {
  codes: CqlCode[];
  hasMatch(code: unknown): boolean;
}

/** The codes an argument of `hasMatch` stands for, as cql-execution's `toCodeList` reads them. */
function toCodeList(value: unknown): unknown[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap(toCodeList);
  const codes = (value as { codes?: unknown }).codes;
  return Array.isArray(codes) ? codes : [value];
}

function indexValueSet(valueSet: CqlValueSet): void {
  let index: { bySystem: Map<string | undefined, Set<string>>; codes: Set<string>; isOneSystem: boolean } | undefined;
  const build = () => {
    const bySystem = new Map<string | undefined, Set<string>>();
    for (const code of valueSet.codes) {
      let codes = bySystem.get(code.system);
      if (!codes) bySystem.set(code.system, (codes = new Set()));
      codes.add(code.code);
    }
    return {
      bySystem,
      codes: new Set(valueSet.codes.map((code) => code.code)),
      isOneSystem: valueSet.codes.every((code) => code.system === valueSet.codes[0]?.system),
    };
  };
  valueSet.hasMatch = (code: unknown): boolean => {
    index ??= build();
    const { bySystem, codes, isOneSystem } = index;
    const list = toCodeList(code);
    if (list.length === 1 && typeof list[0] === 'string') {
      const isFound = codes.has(list[0]);
      if (isFound && !isOneSystem)
        throw new Error('In (valueset) is ambiguous -- multiple codes with multiple code systems exist in value set.');
      return isFound;
    }
    return list.some((item) => {
      if (typeof item === 'string') return codes.has(item);
      const { code: value, system } = item as CqlCode;
      return bySystem.get(system)?.has(value) ?? false;
    });
  };
}

/** Indexes every value set of a CodeService (see the module comment). */
export function indexValueSets(codeService: CodeService): void {
  for (const versions of Object.values(codeService.valueSets))
    for (const valueSet of Object.values(versions)) indexValueSet(valueSet);
}
