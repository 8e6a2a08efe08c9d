/**
 * How often a 3-character category is a diagnosis at primary-care visits: a ranking prior, so that among titles a query
 * matches about equally well, the condition a clinician most likely means comes first ("diab" → type 2 diabetes before
 * diabetes insipidus, "hypert" → essential hypertension before hypertelorism).
 *
 * The weights are derived from NCHS's published NAMCS Community Health Center 2020 national summary tables (visits to
 * federally qualified health centers: primary care) by `deriveCategoryWeights`; `data/icd10-usage-prior/README.md` says
 * where the figures come from and how. Categories the tables say nothing specific about share their chapter's visits.
 */
import weights from '../../data/icd10-usage-prior/category-weights.json';

/** The published figures the weights are derived from (`namcs-chc-2020-tables.json`). */
export interface UsageTables {
  allVisitsThousands: number;
  primaryDiagnosisByChapter: { label: string; ranges: string[]; percent?: number; visitsThousands?: number }[];
  chronicConditions: { label: string; percent: number; categories?: string[]; ranges?: string[] }[];
}

/**
 * Per 3-character category, the percent of visits it stands for: its chapter's share of primary diagnoses (Table 5)
 * spread evenly over the chapter's categories, plus the share of visits with each chronic condition it codes (Table 7)
 * spread evenly over that condition's categories. Rounded to 4 significant digits.
 */
export function deriveCategoryWeights(tables: UsageTables, categories: readonly string[]): Record<string, number> {
  const percentOf = (row: { percent?: number; visitsThousands?: number }): number =>
    row.percent ?? (100 * (row.visitsThousands ?? 0)) / tables.allVisitsThousands;
  const weightOf = new Map<string, number>(categories.map((category) => [category, 0]));
  const spread = (members: string[], percent: number): void => {
    for (const category of members) weightOf.set(category, (weightOf.get(category) ?? 0) + percent / members.length);
  };
  const inRanges = (ranges: readonly string[] = []): string[] =>
    categories.filter((category) =>
      ranges.some((range) => {
        const [low = '', high = ''] = range.split('-');
        return category >= low && category <= high;
      }),
    );
  for (const row of tables.primaryDiagnosisByChapter) spread(inRanges(row.ranges), percentOf(row));
  for (const condition of tables.chronicConditions) {
    const members = [...new Set([...inRanges(condition.ranges), ...(condition.categories ?? [])])].filter((category) =>
      weightOf.has(category),
    );
    spread(members, condition.percent);
  }
  return Object.fromEntries([...weightOf].map(([category, weight]) => [category, Number(weight.toPrecision(4))]));
}

const WEIGHTS: Readonly<Record<string, number>> = weights;
const VALUES = Object.values(WEIGHTS).filter((weight) => weight > 0);
const FLOOR = Math.min(...VALUES);
const SPAN = Math.log(Math.max(...VALUES) / FLOOR);

/**
 * A code's usage on a 0-1 scale: the log of its category's weight between the rarest category (0) and the most used
 * (1). Log, because visit shares span four orders of magnitude and a rare code a coder types out in full must still
 * be found by its words.
 */
export function usageOf(code: string): number {
  const weight = WEIGHTS[code.slice(0, 3)] ?? 0;
  return weight > 0 ? Math.log(weight / FLOOR) / SPAN : 0;
}
