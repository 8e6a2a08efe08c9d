import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { scoreRafLine } from './raf-line';
import { parseRafArguments, runRafStream } from './raf-stream';

function line(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    id: 'p1',
    age: 72,
    sex: 'F',
    orec: '0',
    medicaid: false,
    dual_status: 'none',
    institutional: false,
    new_enrollee: false,
    snp: false,
    segment: 'CNA',
    dx: ['E1122', 'I5022', 'N1831'],
    ...overrides,
  });
}

async function runLines(input: string, args: string[] = []): Promise<Record<string, unknown>[]> {
  const parsed = parseRafArguments(args);
  if ('error' in parsed) throw new Error(parsed.error);
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let text = '';
  stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  stdin.end(input);
  await runRafStream(stdin, stdout, parsed.options);
  return text
    .split('\n')
    .filter((row) => row !== '')
    .map((row) => JSON.parse(row) as Record<string, unknown>);
}

describe('raf command line output', () => {
  it('writes the contract fields in order, with CMS variable names and 4-decimal raw scores', () => {
    const output = JSON.parse(scoreRafLine(line())) as Record<string, unknown>;
    expect(Object.keys(output)).toEqual([
      'id',
      'segment',
      'raf',
      'raf_demographic',
      'hccs',
      'payment_hcc_count',
      'interactions',
      'hcc_map',
      'terms',
      'scores',
    ]);
    // CNA_F70_74 0.395 + HCC37 0.166 + HCC226 0.36 + HCC329 0.127 + DIABETES_HF_V28 0.112 + HF_KIDNEY_V28 0.176 + D3 0
    expect(output).toMatchObject({
      id: 'p1',
      segment: 'CNA',
      raf: 1.336,
      raf_demographic: 0.395,
      hccs: [37, 226, 329],
      payment_hcc_count: 3,
      interactions: ['DIABETES_HF_V28', 'HF_KIDNEY_V28'],
      hcc_map: { E1122: [37], I5022: [226], N1831: [329] },
      terms: {
        F70_74: 0.395,
        HCC37: 0.166,
        HCC226: 0.36,
        HCC329: 0.127,
        DIABETES_HF_V28: 0.112,
        HF_KIDNEY_V28: 0.176,
        D3: 0,
      },
    });
    expect(Object.keys(output.scores as object)).toEqual(['CNA', 'CPA', 'CFA', 'INS', 'NE', 'SNPNE']);
    expect((output.scores as Record<string, unknown>).NE).toEqual({ raf: 0.694, demographic: 0.694 });
  });

  it('scores with V24 under --model v24', async () => {
    const [output] = await runLines(line({ dx: ['E119', 'I5022'] }) + '\n', ['--model', 'v24']);
    // V24 CNA_F70_74 0.386 + HCC19 0.105 + HCC85 0.331 + DIABETES_CHF 0.121 + D2 0
    expect(output).toMatchObject({ raf: 0.943, hccs: [19, 85], interactions: ['DIABETES_CHF'] });
  });

  it('adds raf_payment when a normalisation factor is given', async () => {
    const [output] = await runLines(line({ dx: ['E1122'] }), [
      '--normalization',
      '1.067',
      '--coding-adjustment',
      '0.059',
    ]);
    expect(output?.raf).toBe(0.561);
    expect(output?.raf_payment).toBe(Math.round((0.561 / 1.067) * 0.941 * 10000) / 10000);
  });

  it('derives the segment from the enrolment flags when none is given', async () => {
    const rows = await runLines(
      [
        line({ segment: undefined, dual_status: 'full' }),
        line({ segment: undefined, age: 50, dual_status: 'partial' }),
        line({ segment: undefined, institutional: true }),
        line({ segment: undefined, new_enrollee: true, snp: true }),
      ].join('\n'),
    );
    expect(rows.map((row) => row.segment)).toEqual(['CFA', 'CPD', 'INS', 'SNPNE']);
  });

  it('accepts dotted lower-case codes and reports them normalised', () => {
    const output = JSON.parse(scoreRafLine(line({ dx: ['e11.22'] }))) as Record<string, unknown>;
    expect(output.hcc_map).toEqual({ E1122: [37] });
  });
});

describe('raf command line on bad lines', () => {
  it.each([
    [{ age: 'seventy' }, 'age must be a whole number of years from 0 to 125'],
    [{ age: 72.5 }, 'age must be a whole number of years from 0 to 125'],
    [{ age: -1 }, 'age must be a whole number of years from 0 to 125'],
    [{ sex: 'X' }, 'sex must be F or M'],
    [{ orec: '7' }, 'orec must be 0, 1, 2 or 3'],
    [{ medicaid: 'yes' }, 'medicaid must be true or false'],
    [{ medicaid: undefined }, 'medicaid must be true or false'],
    [{ segment: 'XYZ' }, 'segment must be one of CNA, CND, CPA, CPD, CFA, CFD, INS, NE, SNPNE'],
    [{ dx: 'E1122' }, 'dx must be an array of ICD-10-CM codes'],
    [{ dx: ['E1122', 42] }, 'dx[1] must be a string'],
    [{ dx: ['E11;22'] }, "dx[0] 'E11;22' is not an ICD-10-CM code"],
    [{ segment: 'CNA', age: 50 }, 'segment CNA does not apply at age 50 (CND, CPD, CFD, INS, NE, SNPNE do)'],
    [{ segment: undefined, dual_status: 'some' }, 'dual_status must be none, partial or full'],
  ])('names what is wrong in %j', (overrides, error) => {
    expect(JSON.parse(scoreRafLine(line(overrides)))).toEqual({ id: 'p1', error });
  });

  it('reports a line that is not JSON, not an object, or has no id', () => {
    expect(JSON.parse(scoreRafLine('{"id": "p1", age'))).toEqual({ id: null, error: 'line is not valid JSON' });
    expect(JSON.parse(scoreRafLine('[1,2]'))).toEqual({ id: null, error: 'line must be a JSON object' });
    expect(JSON.parse(scoreRafLine(line({ id: undefined })))).toEqual({
      id: null,
      error: 'id must be a string or a number',
    });
  });

  it('goes on after a bad line, skips blank lines and scores a last line without a newline', async () => {
    const rows = await runLines(
      [line({ id: 'a' }), 'not json', '', line({ id: 'b', sex: 'Q' }), line({ id: 'c', dx: [] })].join('\n'),
    );
    expect(rows.map((row) => [row.id, row.error ?? row.raf])).toEqual([
      ['a', 1.336],
      [null, 'line is not valid JSON'],
      ['b', 'sex must be F or M'],
      ['c', 0.395],
    ]);
  });

  it('ignores a byte-order mark and CRLF line ends', async () => {
    const rows = await runLines(`\uFEFF${line({ id: 'a' })}\r\n${line({ id: 'b' })}\r\n`);
    expect(rows.map((row) => [row.id, row.raf])).toEqual([
      ['a', 1.336],
      ['b', 1.336],
    ]);
  });

  it('counts the lines scored and the lines that yielded an error', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    stdout.resume();
    stdin.end([line(), 'oops', line({ sex: 'Q' }), ''].join('\n'));
    expect(await runRafStream(stdin, stdout, {})).toEqual({ lines: 3, errors: 2 });
  });

  it('rejects unknown arguments and models', () => {
    const errorOf = (args: string[]): string => {
      const parsed = parseRafArguments(args);
      return 'error' in parsed ? parsed.error : '';
    };
    expect(errorOf(['--model', 'v22'])).toContain('--model must be v28 or v24');
    expect(errorOf(['--fast'])).toContain('unknown argument --fast');
    expect(errorOf(['--normalization', '0'])).toContain('valid number');
    expect(parseRafArguments(['--no-mce', '--stats'])).toEqual({ options: { applyMce: false }, stats: true });
  });
});
