#!/usr/bin/env node
// Derives the files of data/ccsr from AHRQ's CCSR for ICD-10-CM reference workbook (see README.md).
//
//   node data/ccsr/derive.mjs DXCCSR-Reference-File-v2026-1.xlsx [DXCCSR-ChangeLog-v20251-v20261.xlsx]
//
// Writes dxccsr-v2026-1.tsv, ccsr-categories.tsv and body-systems.tsv beside this script and stops with an
// error when a check fails. With the change log, it also checks the 487 codes added in v2026.1 against the
// horizontal layout of AHRQ's CSV (the same categories; defaults compared and reported). Node built-ins only.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';

const VERSION = 'v2026-1';
const UNACCEPTABLE_PDX = 'XXX000';
const UNACCEPTABLE_DX1 = 'XXX111';
const here = dirname(fileURLToPath(import.meta.url));

/** The members of a zip archive (an .xlsx is one), by name. */
function unzip(path) {
  const zip = readFileSync(path);
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error(`${path}: not a zip archive`);
  const members = new Map();
  let at = zip.readUInt32LE(end + 16);
  for (let index = 0; index < zip.readUInt16LE(end + 10); index++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`${path}: bad central directory`);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + size);
    members.set(name, () => (method === 8 ? inflateRawSync(raw) : raw).toString('utf8'));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return members;
}

function unescapeXml(text) {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot|apos);/gi, (_, entity) => {
    if (entity[0] === '#')
      return String.fromCodePoint(Number(entity[1] === 'x' ? `0${entity.slice(1)}` : entity.slice(1)));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[entity];
  });
}

function textOf(xml) {
  return [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((match) => unescapeXml(match[1])).join('');
}

/** Every sheet of a workbook as rows of cells keyed by column letter, by sheet name. */
function readWorkbook(path) {
  const members = unzip(path);
  const read = (name) => {
    const member = members.get(name);
    if (!member) throw new Error(`${path}: no ${name}`);
    return member();
  };
  const shared = [...read('xl/sharedStrings.xml').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((match) => textOf(match[1]));
  const targets = new Map(
    [...read('xl/_rels/workbook.xml.rels').matchAll(/<Relationship [^>]*?Id="([^"]+)"[^>]*?Target="([^"]+)"/g)].map(
      (match) => [match[1], match[2]],
    ),
  );
  const sheets = new Map();
  for (const match of read('xl/workbook.xml').matchAll(/<sheet name="([^"]+)"[^>]*?r:id="([^"]+)"/g)) {
    const xml = read(`xl/${targets.get(match[2])}`);
    const rows = [];
    for (const row of xml.matchAll(/<row [^>]*>([\s\S]*?)<\/row>/g)) {
      const cells = {};
      for (const cell of row[1].matchAll(/<c r="([A-Z]+)\d+"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
        const type = /t="([^"]+)"/.exec(cell[2])?.[1];
        const value = /<v>([\s\S]*?)<\/v>/.exec(cell[3] ?? '')?.[1];
        if (type === 's') cells[cell[1]] = shared[Number(value)];
        else if (type === 'inlineStr') cells[cell[1]] = textOf(cell[3] ?? '');
        else if (value !== undefined) cells[cell[1]] = unescapeXml(value);
      }
      rows.push(cells);
    }
    sheets.set(unescapeXml(match[1]), rows);
  }
  return sheets;
}

function check(condition, message) {
  if (!condition) throw new Error(`check failed: ${message}`);
}

/** The rows between the column header (row 2) and the `End of Content` row, after checking the header. */
function body(sheets, name, header) {
  const rows = sheets.get(name);
  check(rows, `sheet ${name} exists`);
  check(JSON.stringify(Object.values(rows[1])) === JSON.stringify(header), `${name} header is ${header.join(' | ')}`);
  const last = rows.findIndex((row) => row.A === 'End of Content');
  check(last > 2, `${name} ends with End of Content`);
  return rows.slice(2, last);
}

function clean(text, what) {
  const value = (text ?? '').trim();
  check(value !== '' && !/[\t\r\n]/.test(value), `${what} is a non-empty single line`);
  return value;
}

const [referencePath, changeLogPath] = process.argv.slice(2);
if (!referencePath) throw new Error('usage: node data/ccsr/derive.mjs DXCCSR-Reference-File-v2026-1.xlsx [change log]');
const sheets = readWorkbook(referencePath);

const bodySystems = body(sheets, 'Naming_Conventions', [
  'CCSR for ICD-10-CM Body System',
  '3-Character Abbreviation',
]).map((row) => ({ code: clean(row.B, 'body system code'), name: clean(row.A, 'body system name') }));
check(bodySystems.length === 23, '22 body systems and XXX (unacceptable principal or first-listed diagnosis)');
const bodySystemCodes = new Set(bodySystems.map((system) => system.code));

const categories = [];
for (const row of body(sheets, 'CCSR_Categories', ['CCSR Category', 'CCSR Category Description'])) {
  const category = clean(row.A, 'category');
  // NoDX1 (no diagnosis) and InvlDX (invalid code) are outputs of AHRQ's SAS program; no code maps to them.
  if (category === 'NoDX1' || category === 'InvlDX') continue;
  check(
    /^[A-Z]{3}\d{3}$/.test(category) && bodySystemCodes.has(category.slice(0, 3)),
    `${category} is AAAnnn in a body system`,
  );
  categories.push({ category, description: clean(row.B, `${category} description`), bodySystem: category.slice(0, 3) });
}
const categoryByCode = new Map(categories.map((entry) => [entry.category, entry]));
check(categoryByCode.size === categories.length, 'categories are unique');

const mappingHeader = [
  'ICD-10-CM Code',
  'ICD-10-CM Code Description',
  'CCSR Category',
  'CCSR Category Description',
  'Inpatient Default CCSR (Y/N/X)',
  'Outpatient Default CCSR (Y/N/X)',
  'Rationale for Default Assignment',
];
const codes = new Map();
const otherLabels = new Set();
let previous = '';
for (const row of body(sheets, 'DX_to_CCSR_Mapping', mappingHeader)) {
  const code = clean(row.A, 'code');
  const category = clean(row.C, `${code} category`);
  check(/^[A-Z][0-9A-Z]{2,6}$/.test(code), `${code} is an ICD-10-CM code without dot`);
  const label = clean(row.D, `${code} category description`);
  check(categoryByCode.has(category), `${code} maps to listed category ${category}`);
  if (categoryByCode.get(category)?.description !== label) otherLabels.add(`${category}: ${label}`);
  const rows = codes.get(code) ?? [];
  check(rows.length === 0 || previous === code, `${code} rows are consecutive`);
  check(rows.length > 0 || previous < code, `${code} follows ${previous} in ascending order`);
  previous = code;
  rows.push({ category, inpatient: row.E, outpatient: row.F });
  codes.set(code, rows);
}

/** The one Y, or the unacceptable marker when every row says X (AHRQ: X on all rows, default XXX000/XXX111). */
function defaultOf(code, rows, flag, unacceptable) {
  const flags = rows.map((row) => row[flag]);
  if (flags.every((value) => value === 'X')) return unacceptable;
  check(flags.filter((value) => value === 'Y').length === 1, `${code} has one ${flag} default`);
  check(
    flags.every((value) => value === 'Y' || value === 'N'),
    `${code} ${flag} flags are Y or N`,
  );
  return rows[flags.indexOf('Y')].category;
}

const lines = ['code\tdefault_inpatient\tdefault_outpatient\tcategories'];
const horizontal = new Map();
let unacceptablePdx = 0;
for (const [code, rows] of codes) {
  check(rows.length <= 6, `${code} has at most six categories`);
  const inpatient = defaultOf(code, rows, 'inpatient', UNACCEPTABLE_PDX);
  const outpatient = defaultOf(code, rows, 'outpatient', UNACCEPTABLE_DX1);
  if (inpatient === UNACCEPTABLE_PDX) unacceptablePdx++;
  const all = rows.map((row) => row.category);
  check(new Set(all).size === all.length, `${code} categories are distinct`);
  horizontal.set(code, [inpatient, outpatient, ...all]);
  lines.push(`${code}\t${inpatient}\t${outpatient}\t${all.join('|')}`);
}
// The mapping sheet labels INF012 "COVID-19"; the category list (used here) says "Coronavirus disease – 2019 (COVID-19)".
check(
  [...otherLabels].join() === 'INF012: COVID-19',
  `mapping labels equal the category list but INF012 (${[...otherLabels]})`,
);
// User Guide v2026.1, Table C.1: 75,725 codes through FY 2026, 10,843 unacceptable as a principal diagnosis.
check(codes.size === 75_725, `75,725 codes (found ${codes.size})`);
check(unacceptablePdx === 10_843, `10,843 codes unacceptable as principal diagnosis (found ${unacceptablePdx})`);

if (changeLogPath) {
  const added = readWorkbook(changeLogPath).get('Added_diagnosis_codes');
  check(added, 'change log has Added_diagnosis_codes');
  const end = added.findIndex((row) => row.A === 'End of Content');
  let compared = 0;
  const otherDefaults = [];
  for (const row of added.slice(2, end)) {
    const [inpatient, outpatient, ...all] = horizontal.get(row.A) ?? [];
    const listed = ['G', 'I', 'K', 'M', 'O', 'Q'].map((column) => row[column]).filter(Boolean);
    check(JSON.stringify([...listed].sort()) === JSON.stringify([...all].sort()), `added code ${row.A} categories`);
    if (row.C !== inpatient || row.E !== outpatient) otherDefaults.push(`${row.A} ${row.C}/${row.E}`);
    compared++;
  }
  console.log(`change log defaults (IP/OP) that differ from the workbook: ${otherDefaults.join(', ') || 'none'}`);
  // The workbook follows the User Guide (adverse effects: XXX000 but a first-listed category; underdosing: XXX000
  // and XXX111) and its Table C.1 count; these 24 change-log rows do not (README.md, "Checks").
  check(otherDefaults.length === 24, '24 change-log defaults differ from the workbook');
  check(compared === 487, `487 added codes compared (found ${compared})`);
}

const write = (name, text) => writeFileSync(join(here, name), `${text.join('\n')}\n`);
write(`dxccsr-${VERSION}.tsv`, lines);
write('ccsr-categories.tsv', [
  'category\tdescription\tbody_system',
  ...categories.map((entry) => `${entry.category}\t${entry.description}\t${entry.bodySystem}`),
]);
write('body-systems.tsv', ['code\tname', ...bodySystems.map((system) => `${system.code}\t${system.name}`)]);
console.log(`${codes.size} codes, ${categories.length} categories, ${bodySystems.length} body systems`);
