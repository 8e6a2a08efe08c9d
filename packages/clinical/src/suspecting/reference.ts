import { getHccModel, type EditPerson, type HccModel } from '../hcc';
import { getIcdCatalog } from '../icd10';
import type { SuspectingModel } from './types';

/**
 * What the engine needs from the ICD-10-CM catalog and the CMS-HCC models, behind one small
 * interface, loaded once per process. Every code the engine emits goes through `describe`.
 */
export interface SuspectingReference {
  /** CMS long title and billable flag of a FY2026 code; undefined when the code does not exist. */
  describe(code: string): { description: string; billable: boolean } | undefined;
  /** The payment HCCs a code yields for this person in a model after the age and sex edits, ascending. */
  hccsOf(code: string, model: SuspectingModel, person: EditPerson): readonly number[];
  /** All HCCs the given HCC outranks in its hierarchy, directly or through others. */
  descendantsOf(hcc: number, model: SuspectingModel): ReadonlySet<number>;
}

function collectDescendants(model: HccModel, hcc: number): Set<number> {
  const found = new Set<number>();
  const pending = [...model.children(hcc)];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (found.has(next)) continue;
    found.add(next);
    pending.push(...model.children(next));
  }
  return found;
}

function buildReference(): SuspectingReference {
  const catalog = getIcdCatalog();
  const models = { v28: getHccModel('v28'), v24: getHccModel('v24') };
  const descendants = { v28: new Map<number, Set<number>>(), v24: new Map<number, Set<number>>() };
  for (const name of ['v28', 'v24'] as const) {
    for (const hcc of models[name].paymentHccs()) descendants[name].set(hcc, collectDescendants(models[name], hcc));
  }
  const hccCache = new Map<string, readonly number[]>();
  return {
    describe(code) {
      const entry = catalog.get(code);
      return entry ? { description: entry.longDescription, billable: entry.billable } : undefined;
    },
    hccsOf(code, model, person) {
      const key = `${model}|${code}|${person.age}|${person.sex ?? ''}`;
      const cached = hccCache.get(key);
      if (cached) return cached;
      const hccs = models[model].conditionCategories(code, person).filter((hcc) => models[model].isPaymentHcc(hcc));
      if (hccCache.size > 50_000) hccCache.clear();
      hccCache.set(key, hccs);
      return hccs;
    },
    descendantsOf(hcc, model) {
      return descendants[model].get(hcc) ?? new Set();
    },
  };
}

let reference: SuspectingReference | undefined;

/** The shared reference, built on first use. */
export function getSuspectingReference(): SuspectingReference {
  reference ??= buildReference();
  return reference;
}
