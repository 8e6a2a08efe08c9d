import { Code, CodeService, DateTime } from 'cql-execution';
import { describe, expect, it } from 'vitest';
import { rememberDateParsing } from './date-parsing';
import { indexValueSets } from './indexed-value-sets';

const SNOMED = 'http://snomed.info/sct';
const ICD10 = 'http://hl7.org/fhir/sid/icd-10-cm';

/** A CodeService of two sets, one of one code system and one of two, as cql-execution builds them. */
function codeService(): CodeService {
  return new CodeService({
    'one-system': { '1': [{ code: 'E11.9', system: ICD10 }] },
    'two-systems': {
      '1': [
        { code: 'I10', system: ICD10 },
        { code: '59621000', system: SNOMED },
      ],
    },
  });
}

describe('value sets answered from an index', () => {
  it('answers as cql-execution does: a code by code and system, a string by code, an ambiguous string as an error', () => {
    const plain = codeService();
    const indexed = codeService();
    indexValueSets(indexed);
    const asked = [
      new Code('I10', ICD10),
      new Code('I10', SNOMED),
      [new Code('x', SNOMED), new Code('59621000', SNOMED)],
      { codes: [new Code('E11.9', ICD10)] },
      'E11.9',
      'nothing',
      null,
    ];
    for (const oid of ['one-system', 'two-systems']) {
      const [before, after] = [plain, indexed].map((service) => service.findValueSet(oid));
      for (const code of asked) expect(after?.hasMatch(code)).toBe(before?.hasMatch(code));
    }
    const ambiguity = 'In (valueset) is ambiguous -- multiple codes with multiple code systems exist in value set.';
    for (const service of [plain, indexed]) {
      const valueSet = service.findValueSet('two-systems');
      expect(() => {
        valueSet?.hasMatch('I10');
      }).toThrow(ambiguity);
    }
  });
});

describe('date-time strings parsed once', () => {
  it('answers the same value as a new object each time, and null for what is not a date-time', () => {
    const before = DateTime.parse('2025-03-01T00:00:00.000+00:00');
    rememberDateParsing();
    const first = DateTime.parse('2025-03-01T00:00:00.000+00:00');
    const second = DateTime.parse('2025-03-01T00:00:00.000+00:00');
    expect(first).not.toBe(second);
    expect(first?.equals(before)).toBe(true);
    expect(second?.equals(before)).toBe(true);
    expect(DateTime.parse('not a date')).toBeNull();
    expect(DateTime.parse(null)).toBeNull();
  });
});
