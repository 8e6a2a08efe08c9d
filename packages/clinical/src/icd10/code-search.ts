import type { IcdCatalog } from './catalog';
import type { IcdCode } from './catalog-types';
import { hasIcdCodeShape, normalizeIcdCode } from './code-format';
import { SCORE } from './ranking';
import type { EngineOptions, RankedEntry } from './search-engine';
import { TopK } from './top-k';

/** The typed code, then codes starting with it: shorter (more general) first, billable before headers, then tabular order. */
export function searchCodes(catalog: IcdCatalog, query: string, options: EngineOptions): RankedEntry[] {
  const prefix = normalizeIcdCode(query);
  if (!hasIcdCodeShape(prefix) || !catalog.hasPrefix(prefix)) return [];
  const top = new TopK<IcdCode>(options.limit, (left, right) => compareCodeHits(left, right, prefix) < 0);
  for (const entry of catalog.withPrefixUnsorted(prefix)) {
    if (!options.billableOnly || entry.billable) top.offer(entry);
  }
  return top.toArray().map((entry) => ({
    entry,
    match: entry.code === prefix ? 'code' : 'code-prefix',
    score: entry.code === prefix ? SCORE.exactCode : SCORE.codePrefix - (entry.level - prefix.length),
  }));
}

function compareCodeHits(left: IcdCode, right: IcdCode, typed: string): number {
  if (left.code === typed) return -1;
  if (right.code === typed) return 1;
  return left.level - right.level || Number(right.billable) - Number(left.billable) || left.order - right.order;
}
