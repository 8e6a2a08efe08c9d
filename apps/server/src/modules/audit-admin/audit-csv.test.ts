import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './audit-csv';

describe('csvCell', () => {
  it('leaves a plain value as it is and an absent one empty', () => {
    expect(csvCell('patient.read')).toBe('patient.read');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes a cell holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('Hopper, Grace')).toBe('"Hopper, Grace"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('neutralises a cell a spreadsheet would run: %j', (value) => {
    expect(csvCell(value).replace(/^"/, '')).toMatch(/^'/);
  });

  it('neutralises a formula that also needs quoting', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });
});

describe('csvLine', () => {
  it('joins cells with commas and ends with CRLF', () => {
    expect(csvLine(['a', 'b,c', null])).toBe('a,"b,c",\r\n');
  });
});
