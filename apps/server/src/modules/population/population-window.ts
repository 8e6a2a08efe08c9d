/** A period the dashboards offer: the trailing twelve months (`L12`) or a calendar year (`2025`). */
export interface PopulationPeriod {
  key: string;
  /** First and last day, `YYYY-MM-DD`. */
  from: string;
  to: string;
}

/** The months the population tables hold: five years up to today. */
export const WINDOW_MONTHS = 60;

const pad = (value: number): string => String(value).padStart(2, '0');
const monthStart = (year: number, month: number): string => {
  const date = new Date(Date.UTC(year, month, 1));
  return `${String(date.getUTCFullYear())}-${pad(date.getUTCMonth() + 1)}-01`;
};

/**
 * The window the population tables cover for a day taken as today: from the first day of the month
 * 59 months before today's to today, today's month, and the periods the dashboards offer in it (the
 * trailing twelve months, then each calendar year that starts inside the window, newest first).
 */
export function populationWindow(today: string): {
  from: string;
  to: string;
  lastMonth: string;
  periods: PopulationPeriod[];
} {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  const from = monthStart(year, month - (WINDOW_MONTHS - 1));
  const years: PopulationPeriod[] = [];
  for (let calendar = year; `${String(calendar)}-01-01` >= from; calendar -= 1) {
    years.push({
      key: String(calendar),
      from: `${String(calendar)}-01-01`,
      to: calendar === year ? today : `${String(calendar)}-12-31`,
    });
  }
  return {
    from,
    to: today,
    lastMonth: monthStart(year, month),
    periods: [{ key: 'L12', from: monthStart(year, month - 11), to: today }, ...years],
  };
}
