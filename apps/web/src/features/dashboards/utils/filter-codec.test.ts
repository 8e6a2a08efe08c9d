import { describe, expect, it } from 'vitest';
import {
  booleanParam,
  dateParam,
  enumListParam,
  enumParam,
  filterCodec,
  integerParam,
  listParam,
  monthParam,
  stringParam,
  type FilterParam,
} from './filter-codec';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CLINIC = '0b9c5a8e-2f4d-4c3b-9a1e-7d6f5e4c3b2a';
const OTHER_CLINIC = '1c0d6b9f-3a5e-4d4c-8b2f-8e7a6f5d4c3b';

const codec = filterCodec({
  clinicIds: listParam({ pattern: UUID }),
  providerId: stringParam({ pattern: UUID }),
  grouping: enumParam(['month', 'clinic', 'provider'], 'month'),
  categories: enumListParam(['inpatient', 'outpatient', 'emergency', 'professional', 'pharmacy']),
  from: monthParam('2025-04'),
  to: monthParam(),
  dischargedAfter: dateParam(),
  page: integerParam(1, { min: 1, max: 1000 }),
  withoutFollowUp: booleanParam(),
  search: stringParam(),
});

const parse = (query: string) => codec.parse(new URLSearchParams(query));

describe('dashboard filters in the URL', () => {
  it('reads the defaults from an empty URL and writes nothing for them', () => {
    expect(parse('')).toEqual({
      clinicIds: [],
      providerId: undefined,
      grouping: 'month',
      categories: [],
      from: '2025-04',
      to: undefined,
      dischargedAfter: undefined,
      page: 1,
      withoutFollowUp: false,
      search: undefined,
    });
    expect(codec.serialise(codec.defaults).toString()).toBe('');
  });

  it('round-trips every kind of filter, writing only what differs from the defaults', () => {
    const filters = {
      ...codec.defaults,
      clinicIds: [CLINIC, OTHER_CLINIC],
      grouping: 'clinic' as const,
      categories: ['pharmacy' as const, 'inpatient' as const],
      to: '2026-03',
      dischargedAfter: '2026-02-28',
      page: 3,
      withoutFollowUp: true,
      search: 'Rivera, M & co',
    };
    const written = codec.serialise(filters);
    expect([...written.keys()]).toEqual([
      'clinicIds',
      'grouping',
      'categories',
      'to',
      'dischargedAfter',
      'page',
      'withoutFollowUp',
      'search',
    ]);
    expect(written.get('clinicIds')).toBe(`${CLINIC},${OTHER_CLINIC}`);
    expect(codec.parse(new URLSearchParams(written.toString()))).toEqual(filters);
  });

  it('reads a list comma separated or with its key repeated, without blanks or duplicates', () => {
    expect(parse(`clinicIds=${CLINIC}&clinicIds=${OTHER_CLINIC},,${CLINIC}`).clinicIds).toEqual([CLINIC, OTHER_CLINIC]);
  });

  it('takes junk for the defaults and never throws', () => {
    const junk = [
      'clinicIds=not-a-uuid,%20',
      'providerId=42',
      'grouping=GROUP BY 1',
      'categories=inpatient,dental',
      'from=2026-13',
      'to=March',
      'dischargedAfter=2026-02-30',
      'page=-2',
      'withoutFollowUp=maybe',
      `search=${'x'.repeat(500)}`,
    ].join('&');
    expect(parse(junk)).toEqual({ ...codec.defaults, categories: ['inpatient'] });
    expect(parse('page=1e9&page=2').page).toBe(1);
    expect(parse('%E0%A4%A=%').grouping).toBe('month');
  });

  it('keeps the default of a param that throws on what it reads', () => {
    const throwing: FilterParam<string> = {
      defaultValue: 'safe',
      parse: () => {
        throw new Error('unreadable');
      },
      serialise: (value) => [value],
    };
    expect(filterCodec({ odd: throwing }).parse(new URLSearchParams('odd=x'))).toEqual({ odd: 'safe' });
  });

  it('reads booleans and integers in their usual spellings', () => {
    expect(parse('withoutFollowUp=1').withoutFollowUp).toBe(true);
    expect(parse('withoutFollowUp=FALSE').withoutFollowUp).toBe(false);
    expect(parse('page=12').page).toBe(12);
    expect(parse('page=1001').page).toBe(1);
    expect(parse('page=2.5').page).toBe(1);
  });
});
