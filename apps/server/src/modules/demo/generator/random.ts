import { createRandom } from '@cairn/clinical';

/** Helpers over one seeded sequence. */
export interface Draw {
  next(): number;
  chance(probability: number): boolean;
  integer(min: number, max: number): number;
  between(min: number, max: number, decimals?: number): number;
  pick<T>(items: readonly T[]): T;
}

/** A sequence for one item of a seeded whole (patient `index` of seed `seed`), independent of the others. */
export function drawFor(seed: number, index: number): Draw {
  const next = createRandom(Math.imul(seed ^ 0x9e3779b9, 2654435761) ^ Math.imul(index + 1, 0x85ebca6b));
  const between = (min: number, max: number, decimals = 1): number => {
    const factor = 10 ** decimals;
    return Math.round((min + next() * (max - min)) * factor) / factor;
  };
  return {
    next,
    chance: (probability) => next() < probability,
    integer: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between,
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}

/** ISO date arithmetic on calendar dates (UTC, so no time zone shifts a day). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A date of `year` drawn between two months (1-12), never after `latest`. */
export function dateIn(draw: Draw, year: number, latest: string, months: [number, number] = [1, 12]): string {
  const month = draw.integer(months[0], months[1]);
  const day = draw.integer(1, 28);
  const date = `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return date > latest ? latest : date;
}

/** The server's local calendar date (the schedule's day). */
export function localIsoDate(now: Date = new Date()): string {
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A count of events at `mean` events per period (Knuth's method: small means only, as here). */
export function poisson(draw: Draw, mean: number): number {
  const limit = Math.exp(-mean);
  let count = 0;
  for (let product = draw.next(); product > limit; product *= draw.next()) count += 1;
  return count;
}

/** One of `items`, each as likely as its weight (items of weight 0 never). */
export function pickWeighted<T>(draw: Draw, items: readonly T[], weightOf: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + weightOf(item), 0);
  let target = draw.next() * total;
  for (const item of items) {
    target -= weightOf(item);
    if (target < 0) return item;
  }
  const last = items.at(-1);
  if (last === undefined) throw new Error('pick from an empty list');
  return last;
}

/** A log-normal value around `median` (Box-Muller): waits and timings, mostly near it with a long tail. */
export function logNormal(draw: Draw, median: number, sigma: number): number {
  const normal = Math.sqrt(-2 * Math.log(1 - draw.next())) * Math.cos(2 * Math.PI * draw.next());
  return median * Math.exp(sigma * normal);
}

/** A whole-cent amount in US dollars. */
export function dollars(amount: number): number {
  return Math.round(amount * 100) / 100;
}
