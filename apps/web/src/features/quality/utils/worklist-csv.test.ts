import { describe, expect, it } from 'vitest';
import { aWorklistRow } from '../../../testing/quality-factories';
import { worklistCsv } from './worklist-csv';

describe('the worklist as CSV', () => {
  it('writes a header and one line per gap, CRLF, quoting what needs it', () => {
    const text = worklistCsv([aWorklistRow({ reason: 'No screening, "ever"' })]);
    const [header, line, end] = text.split('\r\n');
    expect(header?.startsWith('Last name,First name,Date of birth,MRN,Measure,')).toBe(true);
    expect(line).toContain(
      'Lovelace,Ada,1950-12-10,MRN001,CMS130,CMS130v14,Colorectal Cancer Screening,open,2026-12-31',
    );
    expect(line).toContain('"No screening, ""ever"""');
    expect(end).toBe('');
  });
});
