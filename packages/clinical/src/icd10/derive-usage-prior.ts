/**
 * Writes category-weights.json from namcs-chc-2020-tables.json and the FY2026 catalog's categories.
 * Usage: node --import tsx packages/clinical/src/icd10/derive-usage-prior.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';

import { getIcdCatalog } from './catalog';
import { deriveCategoryWeights, type UsageTables } from './usage-prior';

const folder = new URL('../../data/icd10-usage-prior/', import.meta.url);
const tables = JSON.parse(readFileSync(new URL('namcs-chc-2020-tables.json', folder), 'utf8')) as UsageTables;
const categories = getIcdCatalog()
  .codes.filter((entry) => entry.code.length === 3)
  .map((entry) => entry.code);
writeFileSync(
  new URL('category-weights.json', folder),
  `${JSON.stringify(deriveCategoryWeights(tables, categories), null, 0).replace(/,"/g, ',\n"')}\n`,
);
