import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FastLine, readFastLine } from './fast-line';
import { LineWriter } from './line-writer';
import { scoreRafLine, writeFastLine } from './raf-line';
import { runRafStream } from './raf-stream';
import { compiledModelFor, type RafOptions } from './score';

const base = {
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
};

function line(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({ ...base, ...overrides });
}

/** The fast path's output for a line, or undefined when the fast reader leaves it to the full path. */
function scoreFast(text: string, options: RafOptions = {}): string | undefined {
  const bytes = Buffer.from(text, 'utf8');
  const fast = new FastLine();
  if (!readFastLine(fast, bytes, 0, bytes.length)) return undefined;
  const writer = new LineWriter(1024);
  writeFastLine(writer, fast, compiledModelFor(options), options);
  return writer.take().toString('utf8');
}

describe('the raf command line fast reader', () => {
  const scoredLines: [string, string][] = [
    ['a community member with diabetes, heart failure and CKD', line()],
    [
      'a numeric id, OREC as a number and no segment (derived from dual status)',
      line({ id: 42, orec: 1, segment: undefined, dual_status: 'full' }),
    ],
    [
      'a new enrollee aged 64 with OREC 0 (scored in the 65 cell)',
      line({ age: 64, new_enrollee: true, snp: true, segment: undefined }),
    ],
    ['an institutional member with Medicaid', line({ age: 80, medicaid: true, institutional: true, segment: 'INS' })],
    [
      'a man under 65 with age/sex-edited codes (breast cancer, sickle cell, COPD)',
      line({ age: 40, sex: 'M', orec: '1', segment: 'CND', dx: ['C50911', 'D66', 'J449'] }),
    ],
    ['a child aged 1 with a newborn code', line({ age: 1, segment: 'CND', dx: ['P040', 'J449'] })],
    ['duplicate and unknown codes (listed once)', line({ dx: ['E1122', 'ZZZ999', 'E1122', 'ZZZ999', 'I10'] })],
    ['no diagnoses', line({ dx: [] })],
    [
      'twelve payment HCCs (D10P)',
      line({
        dx: [
          'E119',
          'I5022',
          'J449',
          'I480',
          'N186',
          'C3490',
          'G35',
          'B20',
          'L89154',
          'K7031',
          'A419',
          'F200',
          'F1020',
        ],
      }),
    ],
    [
      'an empty id and JSON whitespace between the tokens',
      ` { "id" : "" , "age":72,"sex":"F","orec":"0","medicaid":false,"dx":[ "E119" , "I10" ] }\r`,
    ],
  ];

  it.each(scoredLines)('scores %s byte for byte as the full path does', (_, text) => {
    for (const options of [
      {},
      { model: 'v24' },
      { applyMce: false, normalizationFactor: 1.067, codingAdjustment: 0.059 },
    ] as RafOptions[]) {
      expect(scoreFast(text, options)).toBe(scoreRafLine(text, options));
    }
  });

  const leftToFullPath: [string, string][] = [
    ['a dotted or lower-case code', line({ dx: ['e11.22'] })],
    ['an escaped character in the id', line({ id: 'a"b' })],
    ['a non-ASCII id', line({ id: 'Zoë' })],
    ['an unknown key', line({ note: 'x' })],
    ['a duplicated key', line().replace('{', '{"age":50,')],
    ['an age with a fraction', line({ age: 72.5 })],
    ['an age over 125', line({ age: 126 })],
    ['a negative id', line({ id: -1 })],
    ['a segment that does not apply at the age', line({ segment: 'CND' })],
    ['a missing medicaid flag', line({ medicaid: undefined })],
    ['a null value', line({ snp: null })],
    ['a bad sex', line({ sex: 'X' })],
    ['truncated JSON', '{"id":"p1","age":72,"sex":"F"'],
    ['text after the object', `${line()} x`],
    ['a blank line', '   '],
  ];

  it.each(leftToFullPath)('leaves %s to JSON.parse and the full validation', (_, text) => {
    expect(scoreFast(text)).toBeUndefined();
  });

  it('streams good and bad lines, split across chunks anywhere, with a byte-order mark and no final line break', async () => {
    const lines = [
      line(),
      line({ id: 'Zoë', dx: ['e11.22'] }),
      'not json',
      '',
      line({ id: 7, age: 40, segment: 'CND' }),
    ];
    const input = `\uFEFF${lines.join('\r\n')}`;
    const expected = lines
      .filter((text) => text.trim() !== '')
      .map((text) => `${scoreRafLine(text)}\n`)
      .join('');
    const bytes = Buffer.from(input, 'utf8');
    for (const size of [1, 2, 7, 64, bytes.length]) {
      const stdin = new PassThrough();
      const stdout = new PassThrough();
      const chunks: Buffer[] = [];
      stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      for (let at = 0; at < bytes.length; at += size) stdin.write(bytes.subarray(at, at + size));
      stdin.end();
      expect(await runRafStream(stdin, stdout, {})).toEqual({ lines: 4, errors: 1 });
      expect(Buffer.concat(chunks).toString('utf8')).toBe(expected);
    }
  });
});
