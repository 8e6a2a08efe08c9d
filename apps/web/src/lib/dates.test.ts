import { describe, expect, it } from 'vitest';
import { formatDate, parseTime, startOfWeek } from './dates';

describe('dates', () => {
  it('formats in each of the spec formats', () => {
    const when = '2026-11-21T14:05:00';
    expect(formatDate(when, 'isoDate')).toBe('2026-11-21');
    expect(formatDate(when, 'isoDateTime')).toBe('2026-11-21T14:05:00');
    expect(formatDate(when, 'shortDate')).toBe('11/21/26');
    expect(formatDate(when, 'date')).toBe('11/21/2026');
    expect(formatDate(when, 'dayOfWeek')).toBe('Sat 11/21');
    expect(formatDate(when, 'time')).toBe('02:05 PM');
  });

  it('starts weeks on Monday', () => {
    expect(formatDate(startOfWeek('2026-11-22'), 'isoDate')).toBe('2026-11-16');
    expect(formatDate(startOfWeek('2026-11-16'), 'isoDate')).toBe('2026-11-16');
  });

  it('checks time strings strictly', () => {
    expect(parseTime('09:30 AM')).toEqual({ hours: 9, minutes: 30 });
    expect(parseTime('12:00 PM')).toEqual({ hours: 12, minutes: 0 });
    expect(() => parseTime('9:30')).toThrow('Invalid time format');
    expect(() => parseTime('13:30 PM')).toThrow('Invalid time format');
  });
});
