import { getHccModel } from '@cairn/clinical';
import type { Mode, PatientResult } from './evaluate';
import { ratios, type MatchKind } from './scoring';

export interface ModeSummary {
  dataset: string;
  mode: Mode;
  patients: number;
  truth: number;
  scored: number;
  excluded: Record<string, number>;
  found: number;
  foundBy: Record<MatchKind, number>;
  /** Truth HCCs found, by the rules of the suggestion that found them. */
  foundByRule: Record<string, number>;
  truePositives: number;
  falsePositives: number;
  withoutHcc: number;
  precision: number | null;
  recall: number | null;
}

export interface MissGroup {
  mode: Mode;
  cause: string;
  count: number;
  /** `HCC n label: count`, most frequent first. */
  hccs: string[];
}

export interface Report {
  summaries: ModeSummary[];
  misses: MissGroup[];
  falsePositives: { mode: Mode; code: string; hccs: readonly number[]; ruleIds: readonly string[]; count: number }[];
  /** Present conditions the import stored without an ICD-10-CM code (SNOMED CT code, patients). */
  unmapped: { snomedCode: string; display: string; patients: number }[];
}

const MODES: readonly Mode[] = ['as-they-are', 'conditions-removed'];

function summarise(results: readonly PatientResult[], dataset: string, mode: Mode): ModeSummary {
  const summary: ModeSummary = {
    dataset,
    mode,
    patients: results.length,
    truth: 0,
    scored: 0,
    excluded: {},
    found: 0,
    foundBy: { exact: 0, higher: 0, 'less-specific': 0 },
    foundByRule: {},
    truePositives: 0,
    falsePositives: 0,
    withoutHcc: 0,
    precision: null,
    recall: null,
  };
  for (const result of results) {
    const measured = result.modes[mode];
    summary.truth += result.truth.hccs.length;
    summary.scored += measured.scored;
    for (const [reason, count] of Object.entries(measured.excluded)) {
      summary.excluded[reason] = (summary.excluded[reason] ?? 0) + count;
    }
    summary.found += measured.score.found.length;
    for (const found of measured.score.found) {
      summary.foundBy[found.kind] += 1;
      const rules = found.ruleIds.join(' + ');
      summary.foundByRule[rules] = (summary.foundByRule[rules] ?? 0) + 1;
    }
    summary.truePositives += measured.score.truePositives;
    summary.falsePositives += measured.score.falsePositives.length;
    summary.withoutHcc += measured.score.withoutHcc;
  }
  return { ...summary, ...ratios(summary) };
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, { item: T; count: number }> {
  const counts = new Map<string, { item: T; count: number }>();
  for (const item of items) {
    const found = counts.get(key(item)) ?? { item, count: 0 };
    found.count += 1;
    counts.set(key(item), found);
  }
  return counts;
}

/** Sums per data set and in total, groups misses by cause and false positives by code and rule. */
export function buildReport(results: readonly PatientResult[]): Report {
  const datasets = [...new Set(results.map((result) => result.dataset))];
  const groups = [...datasets.map((dataset) => ({ dataset, of: results.filter((r) => r.dataset === dataset) }))];
  if (datasets.length > 1) groups.push({ dataset: 'all', of: [...results] });
  const summaries = MODES.flatMap((mode) => groups.map((group) => summarise(group.of, group.dataset, mode)));
  const model = getHccModel('v28');
  const misses = MODES.flatMap((mode) => {
    const all = results.flatMap((result) => result.modes[mode].misses);
    return [...countBy(all, (miss) => miss.cause).entries()].map(([cause, { count }]) => ({
      mode,
      cause,
      count,
      hccs: [
        ...countBy(
          all.filter((miss) => miss.cause === cause),
          (miss) => String(miss.hcc),
        ).values(),
      ]
        .sort((left, right) => right.count - left.count)
        .map(({ item, count: n }) => {
          const rules = item.evidenceRules ? ` [evidence: ${item.evidenceRules.join(', ') || 'none'}]` : '';
          return `HCC ${String(item.hcc)} ${model.label(item.hcc)} (${item.codes.join(', ')}): ${String(n)}${rules}`;
        }),
    }));
  });
  const falsePositives = MODES.flatMap((mode) =>
    [
      ...countBy(
        results.flatMap((result) => result.modes[mode].score.falsePositives),
        (fp) => `${fp.code} ${fp.ruleIds.join(',')}`,
      ).values(),
    ].map(({ item, count }) => ({ mode, ...item, count })),
  ).sort((left, right) => right.count - left.count);
  const unmapped = [
    ...countBy(
      results.flatMap((result) => result.truth.unmapped),
      (condition) => condition.snomedCode,
    ).values(),
  ]
    .map(({ item, count }) => ({ ...item, patients: count }))
    .sort((left, right) => right.patients - left.patients);
  return { summaries, misses: misses.sort((left, right) => right.count - left.count), falsePositives, unmapped };
}

const percent = (value: number | null) => (value === null ? '-' : value.toFixed(3));

/** The report as Markdown tables. */
export function formatReport(report: Report): string {
  const lines = [
    '| mode | data set | patients | truth HCCs | scored | excluded | found (exact/higher/less specific) | suggestions TP / FP / no HCC | precision | recall |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...report.summaries.map((s) => {
      const excluded = Object.entries(s.excluded)
        .map(([reason, count]) => `${reason} ${String(count)}`)
        .join('; ');
      const by = `${String(s.foundBy.exact)}/${String(s.foundBy.higher)}/${String(s.foundBy['less-specific'])}`;
      return `| ${s.mode} | ${s.dataset} | ${String(s.patients)} | ${String(s.truth)} | ${String(s.scored)} | ${excluded || '-'} | ${String(s.found)} (${by}) | ${String(s.truePositives)} / ${String(s.falsePositives)} / ${String(s.withoutHcc)} | ${percent(s.precision)} | ${percent(s.recall)} |`;
    }),
    '',
    'Truth HCCs found, by the rules of the suggestion that found them (data set "all" when several):',
    ...report.summaries
      .filter((s) => s.dataset === (report.summaries.some((other) => other.dataset === 'all') ? 'all' : s.dataset))
      .flatMap((s) =>
        Object.entries(s.foundByRule)
          .sort(([, left], [, right]) => right - left)
          .map(([rules, count]) => `- ${s.mode}: ${rules}: ${String(count)}`),
      ),
    '',
    'Misses by cause:',
    ...report.misses.flatMap((group) => [
      `- ${group.mode}: ${group.cause}: ${String(group.count)}`,
      ...group.hccs.map((hcc) => `  - ${hcc}`),
    ]),
    '',
    'False positives (code, rules, count):',
    ...report.falsePositives.map(
      (fp) => `- ${fp.mode}: ${fp.code} (HCC ${fp.hccs.join(', ')}) ${fp.ruleIds.join(', ')}: ${String(fp.count)}`,
    ),
    '',
    'Present conditions stored without an ICD-10-CM code (SNOMED CT, patients):',
    ...report.unmapped.map(
      (condition) => `- ${condition.snomedCode} ${condition.display}: ${String(condition.patients)}`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
