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

const CACHE_LIMIT = 50_000;

function paymentHccs(model: HccModel, code: string, person: EditPerson | undefined): readonly number[] {
  return model.conditionCategories(code, person).filter((hcc) => model.isPaymentHcc(hcc));
}

function buildReference(): SuspectingReference {
  const catalog = getIcdCatalog();
  const models = { v28: getHccModel('v28'), v24: getHccModel('v24') };
  const descendants = { v28: new Map<number, Set<number>>(), v24: new Map<number, Set<number>>() };
  for (const name of ['v28', 'v24'] as const) {
    for (const hcc of models[name].paymentHccs()) descendants[name].set(hcc, collectDescendants(models[name], hcc));
  }
  // Most codes map the same for everyone: cache those by code; the few with age or sex edits by person too.
  const hccCache = {
    v28: new Map<string, readonly number[] | null>(),
    v24: new Map<string, readonly number[] | null>(),
  };
  const personCache = new Map<string, readonly number[]>();
  const descriptions = new Map<string, { description: string; billable: boolean } | null>();
  return {
    describe(code) {
      const known = descriptions.get(code);
      if (known !== undefined) return known ?? undefined;
      const entry = catalog.get(code);
      const description = entry ? { description: entry.longDescription, billable: entry.billable } : undefined;
      if (descriptions.size > CACHE_LIMIT) descriptions.clear();
      descriptions.set(code, description ?? null);
      return description;
    },
    hccsOf(code, model, person) {
      const byCode = hccCache[model];
      let shared = byCode.get(code);
      if (shared === undefined) {
        const edits = models[model].edits(code);
        const isPersonal = edits.some(
          (edit) => edit.age !== undefined || edit.sex !== undefined || edit.mceAge !== undefined,
        );
        shared = isPersonal ? null : paymentHccs(models[model], code, undefined);
        if (byCode.size > CACHE_LIMIT) byCode.clear();
        byCode.set(code, shared);
      }
      if (shared) return shared;
      const key = `${model}|${code}|${String(person.age)}|${person.sex ?? ''}`;
      let personal = personCache.get(key);
      if (!personal) {
        personal = paymentHccs(models[model], code, person);
        if (personCache.size > CACHE_LIMIT) personCache.clear();
        personCache.set(key, personal);
      }
      return personal;
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
