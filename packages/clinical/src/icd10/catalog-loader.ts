import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IcdChapter, IcdCode, IcdSection, RetiredIcdCode } from './catalog-types';

/** What the files in `data/icd10cm/` hold, parsed. */
export interface IcdCatalogData {
  codes: IcdCode[];
  chapters: IcdChapter[];
  sections: IcdSection[];
  retired: RetiredIcdCode[];
}

export const ICD10CM_FILES = {
  codes: 'icd10cm-2026-codes.tsv',
  chapters: 'icd10cm-chapters-April-1-2026.csv',
  sections: 'icd10cm-sections-April-1-2026.csv',
  retired: 'icd10cm-2025-billable-codes-not-billable-in-2026.tsv',
} as const;

/** Reads the FY2026 order file and its chapter and section titles from `dir` (normally `data/icd10cm`). */
export function loadIcdCatalogData(dir: string): IcdCatalogData {
  const read = (name: string): string => readFileSync(join(dir, name), 'utf8');
  const chapters = parseCsv(read(ICD10CM_FILES.chapters)).map(([number, title]): IcdChapter => ({
    number: Number(number),
    title: title ?? '',
  }));
  const chapterByNumber = new Map(chapters.map((chapter) => [chapter.number, chapter]));
  const sections = parseCsv(read(ICD10CM_FILES.sections)).map(([range, chapter, title]): IcdSection => {
    const found = chapterByNumber.get(Number(chapter));
    if (!found || !range) throw new Error(`ICD-10-CM section ${range ?? '?'} names unknown chapter ${chapter ?? '?'}`);
    return { range, title: title ?? '', chapter: found };
  });
  const sectionByRange = new Map(sections.map((section) => [section.range, section]));
  const codes = parseTsv(read(ICD10CM_FILES.codes)).map((row) => toIcdCode(row, sectionByRange));
  const retired = parseTsv(read(ICD10CM_FILES.retired)).map((row): RetiredIcdCode => ({
    code: field(row, 1),
    fy2025Description: field(row, 3),
    inFy2026As: field(row, 4).startsWith('header') ? 'header' : 'absent',
  }));
  return { codes, chapters, sections, retired };
}

/** Columns: order, code, billable, short_description, long_description, level, parent_code, category, section, chapter. */
function toIcdCode(row: string[], sectionByRange: Map<string, IcdSection>): IcdCode {
  const code = field(row, 1);
  const section = sectionByRange.get(field(row, 8));
  if (!section) throw new Error(`ICD-10-CM code ${code} names unknown section ${field(row, 8)}`);
  const parent = field(row, 6);
  return {
    code,
    order: Number(field(row, 0)),
    billable: field(row, 2) === '1',
    shortDescription: field(row, 3),
    longDescription: field(row, 4),
    level: Number(field(row, 5)),
    parent: parent === '' ? undefined : parent,
    category: field(row, 7),
    section,
    chapter: section.chapter,
  };
}

function field(row: string[], index: number): string {
  return row[index] ?? '';
}

/** Tab-separated, one header line, no quoting (the file's README guarantees no tab or quote inside a field). */
function parseTsv(text: string): string[][] {
  return text
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.length > 0)
    .map((line) => line.split('\t'));
}

/** Comma-separated with RFC 4180 double quotes, one header line. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split(/\r?\n/).slice(1)) {
    if (line.length === 0) continue;
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const char = line.charAt(i);
      if (quoted && char === '"' && line.charAt(i + 1) === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = !quoted;
      else if (char === ',' && !quoted) {
        cells.push(cell);
        cell = '';
      } else cell += char;
    }
    cells.push(cell);
    rows.push(cells);
  }
  return rows;
}
