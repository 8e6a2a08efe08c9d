import type { AnalyticsEventName } from '@cairn/contracts';
import type { analyticsEvents } from '../../../db/clinical-schema';
import type { SummaryOpen } from './activity';
import { addDays, daysBetween, drawFor, localIsoDate, logNormal, type Draw } from './random';

export type AnalyticsEventRow = typeof analyticsEvents.$inferInsert;

/** Who uses the product each working day: the schedule's users (who also change settings) and the quality lead. */
export interface UsageUsers {
  scheduleUsers: readonly string[];
  qualityUser?: string;
}

export interface UsageOptions {
  organisationId: string;
  seed: number;
  today: string;
  /** The summaries opened over the year (see `generateActivity`). */
  opens: readonly SummaryOpen[];
  users: UsageUsers;
}

const USAGE_SALT = 0xa11e;

type Emit = (name: AnalyticsEventName, userId: string, at: Date, properties: Record<string, unknown>) => void;

/**
 * The SlownessOptimization marks the web reports (apps/web/src/lib/page-timing.ts: the schedule's and the
 * quality worklist's `load`, the portrait's `dx-summary`), with the median time to each (log-normal, as
 * page loads are: most near it, a long tail past 3 s).
 */
const MARKS = {
  schedule: { page: 'schedule', mark: 'load', median: 650 },
  summary: { page: 'portrait', mark: 'dx-summary', median: 1200 },
  quality: { page: 'quality', mark: 'load', median: 900 },
} as const;
type Mark = keyof typeof MARKS;

/** A week four months ago when the database was slow (an incident the slowness panel shows). */
const INCIDENT_DAYS_AGO = [120, 126] as const;

/**
 * A year of the spec's product analytics (spec §7) as the web sends them: SummaryClick for every
 * summary opened from the schedule (`actionId` the visit's id, `SourcePage` 'schedule'), the page
 * timings (SlownessOptimization: page, mark, ms) of each summary, schedule and quality worklist load,
 * and now and then SettingsClick with its SettingsResultShown. Pages got faster over the year (a
 * quarter slower a year ago), but for one slow week. Same options, same rows.
 */
export function generateUsageEvents(options: UsageOptions): AnalyticsEventRow[] {
  const events: AnalyticsEventRow[] = [];
  const event: Emit = (name, userId, at, properties) =>
    events.push({ organisationId: options.organisationId, userId, name, properties, createdAt: at });
  const timing = (draw: Draw, userId: string, at: Date, mark: Mark) => {
    const ms = pageTime(draw, { mark, daysAgo: daysBetween(localIsoDate(at), options.today) });
    const { page, mark: name } = MARKS[mark];
    event('SlownessOptimization', userId, new Date(at.getTime() + ms), { page, mark: name, ms });
  };
  const opens = [...options.opens].sort((left, right) => left.at.getTime() - right.at.getTime());
  const draw = drawFor(options.seed ^ USAGE_SALT, 0);
  for (const open of opens) {
    event('SummaryClick', open.userId, open.at, { actionId: open.appointmentId, SourcePage: 'schedule' });
    timing(draw, open.userId, open.at, 'summary');
  }
  for (let daysAgo = 365; daysAgo >= 1; daysAgo -= 1) {
    const day = addDays(options.today, -daysAgo);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const daily = drawFor(options.seed ^ USAGE_SALT, daysAgo);
    for (const userId of options.users.scheduleUsers) {
      if (daily.chance(0.85)) timing(daily, userId, localTime(day, daily.integer(7 * 60 + 30, 9 * 60)), 'schedule');
      if (daily.chance(0.5)) timing(daily, userId, localTime(day, daily.integer(12 * 60, 14 * 60)), 'schedule');
      if (daily.chance(0.015))
        addSettingsChange(daily, { userId, at: localTime(day, daily.integer(9 * 60, 17 * 60)), event });
    }
    const quality = options.users.qualityUser;
    if (quality && daily.chance(0.6)) timing(daily, quality, localTime(day, daily.integer(9 * 60, 16 * 60)), 'quality');
  }
  return events.sort((left, right) => (left.createdAt?.getTime() ?? 0) - (right.createdAt?.getTime() ?? 0));
}

/** The avatar menu's choice of how the EMR add-on opens Cairn, and the message after saving it. */
function addSettingsChange(draw: Draw, change: { userId: string; at: Date; event: Emit }): void {
  change.event('SettingsClick', change.userId, change.at, { addonButtonClickBehavior: draw.pick(['tab', 'window']) });
  const shownAt = new Date(change.at.getTime() + draw.integer(300, 2500));
  change.event('SettingsResultShown', change.userId, shownAt, { result: draw.chance(0.93) ? 'success' : 'error' });
}

function pageTime(draw: Draw, load: { mark: Mark; daysAgo: number }): number {
  const isIncident = load.daysAgo >= INCIDENT_DAYS_AGO[0] && load.daysAgo <= INCIDENT_DAYS_AGO[1];
  const median = MARKS[load.mark].median * (1 + 0.25 * (load.daysAgo / 365)) * (isIncident ? 1.8 : 1);
  return Math.round(Math.min(12_000, Math.max(150, logNormal(draw, median, 0.45))));
}

/** A local wall time of the server on `day` (minutes after midnight). */
function localTime(day: string, minutes: number): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, Math.floor(minutes / 60), minutes % 60, 0);
}
