import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from './csv';

describe('CSV text', () => {
  it('quotes a cell holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('No screening, "ever"')).toBe('"No screening, ""ever"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('keeps a spreadsheet from reading a text cell as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('writes numbers as numbers, and nothing as an empty cell', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('ends every line with CRLF', () => {
    expect(
      csvText([
        ['Clinic', 'Patients'],
        ['North, East', 12],
      ]),
    ).toBe('Clinic,Patients\r\n"North, East",12\r\n');
  });
});
