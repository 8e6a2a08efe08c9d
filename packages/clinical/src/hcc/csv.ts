/**
 * A small RFC 4180 CSV reader for the CMS tables in `data/hcc`: quoted fields may hold commas and line
 * breaks, `""` is a literal quote, CRLF and LF both end a record, and a leading UTF-8 byte-order mark
 * (the CMS Python package's files start with one) is dropped.
 */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  // Plain runs are taken as slices (`start` .. the next quote, comma or line break), not char by char.
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const code = source.charCodeAt(i);
    if (quoted) {
      if (code !== 34) continue;
      field += source.slice(start, i);
      if (source.charCodeAt(i + 1) === 34) {
        field += '"';
        i++;
      } else quoted = false;
      start = i + 1;
    } else if (code === 34) {
      field += source.slice(start, i);
      quoted = true;
      start = i + 1;
    } else if (code === 44) {
      record.push(field + source.slice(start, i));
      field = '';
      start = i + 1;
    } else if (code === 10 || code === 13) {
      record.push(field + source.slice(start, i));
      records.push(record);
      record = [];
      field = '';
      if (code === 13 && source.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
    }
  }
  field += source.slice(start);
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records.filter((row) => row.length > 1 || row[0] !== '');
}

/** Rows of a CSV with a header line, as objects keyed by the (trimmed) header names. */
export function readCsvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  const names = header.map((name) => name.trim());
  // Plain stores in header order give every row the same object shape (Object.fromEntries was a tenth of start-up).
  return rows.map((row) => {
    const object: Record<string, string> = {};
    for (let i = 0; i < names.length; i++) object[names[i] ?? ''] = (row[i] ?? '').trim();
    return object;
  });
}
