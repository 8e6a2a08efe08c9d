import { describe, expect, it } from 'vitest';
import { LineWriter } from './line-writer';
import { scoreRafLine } from './raf-line';

function written(write: (writer: LineWriter) => void, initialBytes = 8): string {
  const writer = new LineWriter(initialBytes);
  write(writer);
  return writer.take().toString('utf8');
}

describe('line writer', () => {
  it('prints units of 1/10000 exactly as JSON prints the number', () => {
    for (const units of [0, 1, 5, 50, 500, 6530, 9999, 10000, 10001, 13360, 123456, 4209, 72800, -3950]) {
      expect(
        written((writer) => writer.units(units)),
        String(units),
      ).toBe(String(units / 10000));
    }
  });

  it('prints integers', () => {
    expect(written((writer) => [0, 7, 10, 115, 463].forEach((value) => writer.integer(value)))).toBe('0710115463');
  });

  it('encodes non-ASCII text as UTF-8 and grows past its first buffer', () => {
    const text = 'Zoë José 患者 '.repeat(20);
    expect(written((writer) => writer.text(text))).toBe(text);
  });

  it('hands over what was written and starts afresh', () => {
    const writer = new LineWriter(4);
    writer.ascii('first');
    expect(writer.take().toString()).toBe('first');
    expect(writer.length).toBe(0);
    writer.ascii('second');
    expect(writer.take().toString()).toBe('second');
  });

  it('keeps a non-ASCII id intact in scored and error lines', () => {
    const base = { age: 72, sex: 'F', orec: '0', medicaid: false, segment: 'CNA', dx: ['E1122'] };
    expect(JSON.parse(scoreRafLine(JSON.stringify({ id: 'Zoë-患者', ...base })))).toMatchObject({
      id: 'Zoë-患者',
      raf: 0.561,
    });
    expect(JSON.parse(scoreRafLine(JSON.stringify({ id: 'Zoë', ...base, sex: 'X' })))).toEqual({
      id: 'Zoë',
      error: 'sex must be F or M',
    });
  });
});
