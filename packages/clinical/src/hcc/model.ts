import { join } from 'node:path';
import { referenceDataDir } from '../data-dir';
import { rowApplies } from './conditions';
import { loadV24Tables } from './load-v24';
import { loadV28Tables } from './load-v28';
import type { ModelTables } from './tables';
import type { AgeRange, EditPerson, HccCodeEdit, HccModel, HccModelName, MappingOptions } from './types';

const NO_ROWS: readonly never[] = [];

/** An {@link HccModel} over loaded tables; also hands the tables to the scorer. */
export class TableHccModel implements HccModel {
  readonly name: HccModelName;
  readonly tables: ModelTables;
  private readonly childrenOf: ReadonlyMap<number, readonly number[]>;
  private readonly payment: ReadonlySet<number>;
  private codesByHcc: Map<number, string[]> | undefined;

  constructor(tables: ModelTables) {
    this.name = tables.name;
    this.tables = tables;
    this.childrenOf = new Map(
      tables.hierarchy.map(([parent, children]) => [parent, [...children].sort((a, b) => a - b)]),
    );
    this.payment = new Set(tables.paymentHccs);
  }

  conditionCategories(code: string, person?: EditPerson, options?: MappingOptions): number[] {
    const rows = this.tables.mapping.get(code) ?? NO_ROWS;
    const applyMce = options?.applyMce ?? true;
    const found = new Set<number>();
    for (const row of rows) if (!person || rowApplies(row, person, applyMce)) found.add(row.hcc);
    return [...found].sort((a, b) => a - b);
  }

  edits(code: string): HccCodeEdit[] {
    return (this.tables.mapping.get(code) ?? NO_ROWS).map((row) => row.edit);
  }

  codes(hcc: number): string[] {
    if (!this.codesByHcc) {
      const byHcc = new Map<number, string[]>();
      for (const [code, rows] of this.tables.mapping) {
        for (const hccOfRow of new Set(rows.map((row) => row.hcc))) {
          const list = byHcc.get(hccOfRow);
          if (list) list.push(code);
          else byHcc.set(hccOfRow, [code]);
        }
      }
      for (const list of byHcc.values()) list.sort();
      this.codesByHcc = byHcc;
    }
    return [...(this.codesByHcc.get(hcc) ?? [])];
  }

  label(hcc: number): string {
    return this.tables.labels.get(hcc) ?? '';
  }

  variableLabel(variable: string): string {
    const known = this.tables.variableLabels.get(variable);
    if (known !== undefined) return known;
    const hcc = /^HCC(\d+)$/.exec(variable);
    return hcc ? this.label(Number(hcc[1])) : '';
  }

  children(hcc: number): number[] {
    return [...(this.childrenOf.get(hcc) ?? NO_ROWS)];
  }

  isPaymentHcc(hcc: number): boolean {
    return this.payment.has(hcc);
  }

  paymentHccs(): readonly number[] {
    return this.tables.paymentHccs;
  }
}

const loaded = new Map<HccModelName, TableHccModel>();

function loadModel(name: HccModelName): TableHccModel {
  const root = join(referenceDataDir(), 'hcc');
  switch (name) {
    case 'v28':
      return new TableHccModel(loadV28Tables(join(root, 'v28')));
    case 'v24': {
      // The Medicare Code Editor age ranges belong to the code, not the model: V24 uses those of the
      // V28 table (CMS ships them only as that column and as a SAS format shared by all models).
      const mceAges = new Map<string, AgeRange>();
      for (const [code, rows] of getTableModel('v28').tables.mapping) {
        const mceAge = rows[0]?.edit.mceAge;
        if (mceAge) mceAges.set(code, mceAge);
      }
      return new TableHccModel(loadV24Tables(join(root, 'v24'), mceAges));
    }
  }
}

/** The loaded model with its tables (internal: the scorer needs the tables). */
export function getTableModel(name: HccModelName): TableHccModel {
  let model = loaded.get(name);
  if (!model) {
    model = loadModel(name);
    loaded.set(name, model);
  }
  return model;
}

/** The CMS-HCC model, loaded from `data/hcc` on first use and kept for the life of the process. */
export function getHccModel(name: HccModelName): HccModel {
  return getTableModel(name);
}
