/** Calendar-date arithmetic on ISO `YYYY-MM-DD` strings (a time part, if any, is ignored). */

const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of an ISO date (UTC, so no daylight-saving surprises). */
export function toDayNumber(isoDate: string): number {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  const day = Number(isoDate.slice(8, 10));
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

/** Whole days from `earlier` to `later` (negative when `later` is before `earlier`). */
export function daysBetween(earlier: string, later: string): number {
  return toDayNumber(later) - toDayNumber(earlier);
}

/** The calendar year of an ISO date. */
export function yearOf(isoDate: string): number {
  return Number(isoDate.slice(0, 4));
}

/** The ISO date part of a date or date-time string. */
export function datePart(isoDateOrDateTime: string): string {
  return isoDateOrDateTime.slice(0, 10);
}

/** Whole years of age on `onDate` for someone born on `birthDate`. */
export function ageOn(birthDate: string, onDate: string): number {
  const years = yearOf(onDate) - yearOf(birthDate);
  const hadBirthday = onDate.slice(5, 10) >= birthDate.slice(5, 10);
  return hadBirthday ? years : years - 1;
}
