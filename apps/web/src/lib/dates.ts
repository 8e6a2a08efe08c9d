import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import isoWeek from 'dayjs/plugin/isoWeek';

dayjs.extend(customParseFormat);
dayjs.extend(isoWeek);

/** The date formats of spec §9. */
export const DATE_FORMATS = {
  isoDate: 'YYYY-MM-DD',
  isoDateTime: 'YYYY-MM-DDTHH:mm:ss',
  shortDate: 'MM/DD/YY',
  date: 'MM/DD/YYYY',
  dayOfWeek: 'ddd MM/DD',
  time: 'hh:mm A',
} as const;
export type DateFormatName = keyof typeof DATE_FORMATS;

export function formatDate(value: string | Date | Dayjs, format: DateFormatName): string {
  return dayjs(value).format(DATE_FORMATS[format]);
}

/** Weeks start on Monday (ISO). */
export function startOfWeek(value: string | Date | Dayjs): Dayjs {
  return dayjs(value).startOf('isoWeek');
}

/** Parses a time of day strictly ('09:30 AM'); anything else is 'Invalid time format'. */
export function parseTime(value: string, format: string = DATE_FORMATS.time): { hours: number; minutes: number } {
  const parsed = dayjs(value, format, true);
  if (!parsed.isValid()) throw new Error('Invalid time format');
  return { hours: parsed.hour(), minutes: parsed.minute() };
}

export { dayjs };
