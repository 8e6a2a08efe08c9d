/** One ICD-10-CM chapter, e.g. 4 "Endocrine, nutritional and metabolic diseases (E00-E89)". */
export interface IcdChapter {
  number: number;
  title: string;
}

/** One tabular section (a block of categories), e.g. `E08-E13` "Diabetes mellitus (E08-E13)". */
export interface IcdSection {
  /** Section range as the tabular names it; single-category sections are named by the category (`C50`). */
  range: string;
  title: string;
  chapter: IcdChapter;
}

/** One row of the FY2026 ICD-10-CM order file: a billable code or a header (category or subcategory). */
export interface IcdCode {
  /** Upper case, no dot (`E1122`). */
  code: string;
  /** CMS tabular order (1-based); sorting on it gives the order of the printed tabular list. */
  order: number;
  /** Valid for HIPAA-covered transactions. Headers (`E11`, `E112`) are not billable. */
  billable: boolean;
  /** CMS abbreviated title (at most 60 characters). */
  shortDescription: string;
  /** CMS full title. */
  longDescription: string;
  /** Code length, 3 (category) to 7. */
  level: number;
  /** Longest proper prefix that is itself a code or header; undefined for categories. */
  parent: string | undefined;
  /** The 3-character category (`E11`). */
  category: string;
  section: IcdSection;
  chapter: IcdChapter;
}

/** A FY2025 billable code that is not billable in FY2026, with its FY2025 title. */
export interface RetiredIcdCode {
  code: string;
  fy2025Description: string;
  /** Whether FY2026 still lists it as a header (use a more specific child) or dropped it entirely. */
  inFy2026As: 'header' | 'absent';
}
