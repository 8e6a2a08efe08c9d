/**
 * Calendar-date arithmetic on ISO `YYYY-MM-DD` strings (UTC, no time of day). eCQM intervals are
 * compared "during day of", so whole days are all the engine needs; ISO strings compare in order.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** The date part of an ISO date or date-time; throws on anything else. */
export function toIsoDate(value: string): string {
  const match = ISO_DATE.exec(value);
  if (!match) throw new Error(`Not an ISO date: ${value}`);
  return match[0];
}

function parts(date: string): [number, number, number] {
  const match = ISO_DATE.exec(date);
  if (!match) throw new Error(`Not an ISO date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function format(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function yearOf(date: string): number {
  return parts(date)[0];
}

export function monthOf(date: string): number {
  return parts(date)[1];
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = parts(date);
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  return shifted.toISOString().slice(0, 10);
}

/**
 * CQL date arithmetic: adding months keeps the day of month, clamped to the last day of the target
 * month (2024-02-29 + 12 months = 2025-02-28).
 */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = parts(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return format(targetYear, targetMonth, Math.min(day, lastDay));
}

/** Age in completed years on `date` (CQL AgeInYearsAt). */
export function ageInYearsAt(birthDate: string, date: string): number {
  const [birthYear, birthMonth, birthDay] = parts(birthDate);
  const [year, month, day] = parts(date);
  const hadBirthday = month > birthMonth || (month === birthMonth && day >= birthDay);
  return year - birthYear - (hadBirthday ? 0 : 1);
}

export function endOfYear(year: number): string {
  return format(year, 12, 31);
}

export function startOfYear(year: number): string {
  return format(year, 1, 1);
}

export function minDate(first: string, second: string): string {
  return first < second ? first : second;
}
