/**
 * A measure made ready to run, once: its ELM libraries parsed and compiled by cql-execution (the root
 * Library with its includes), its value sets in a CodeService, and the ELM kept for explaining results.
 * fqm-execution's `Calculator` redoes all of this on every call (and cql-exec-fhir re-reads its model
 * info), which is most of its cost per patient; the engine keeps one program per measure instead and
 * runs cql-execution's Executor on it (docs/quality.md, "Speed").
 */
import { CodeService, Repository, type Library as CqlLibrary } from 'cql-execution';
import type { Measure, ValueSet } from 'fhir/r4';
import fqm, { type ELM, type ELMStatement } from 'fqm-execution';
import { valueSetsForCodeService } from 'fqm-execution/build/execution/ValueSetHelper.js';
import { dataRequirementFilter, type BundleFilter } from './data-requirements';
import { normalizeValueSetUrl, type EcqmMeasureContent } from './measure-content';

export interface MeasureProgram {
  content: EcqmMeasureContent;
  measure: Measure;
  /** The measure's root library, compiled (includes resolved). */
  library: CqlLibrary;
  codeService: CodeService;
  /** The root library's identifier (`ControllingHighBloodPressureFHIR`). */
  mainLibraryName: string;
  /** Each library's ELM by its identifier, for reading which expressions decided a population. */
  elmLibraries: ReadonlyMap<string, ElmIndex>;
  /** Keeps what the measure's retrieves can read of a patient's bundle (`data-requirements.ts`). */
  filter: BundleFilter;
}

/** One library's ELM: its statements by name and the libraries it includes by their local alias. */
export interface ElmIndex {
  name: string;
  statements: ReadonlyMap<string, ELMStatement>;
  includes: ReadonlyMap<string, string>;
}

/** Compiles one measure's content (see the module comment). */
export function compileMeasure(content: EcqmMeasureContent): MeasureProgram {
  const { rootLibIdentifier, elmJSONs } = fqm.MeasureBundleHelpers.extractLibrariesFromMeasureBundle(content.bundle);
  for (const elm of elmJSONs) {
    for (const valueSet of elm.library.valueSets?.def ?? []) valueSet.id = normalizeValueSetUrl(valueSet.id);
  }
  const valueSets = (content.bundle.entry ?? [])
    .map((entry) => entry.resource)
    .filter((resource): resource is ValueSet => resource?.resourceType === 'ValueSet');
  const repository = new Repository(elmJSONs);
  const library = repository.resolve(rootLibIdentifier.id, rootLibIdentifier.version);
  if (!library) throw new Error(`${content.id}: library ${rootLibIdentifier.id} not found in its bundle`);
  return {
    content,
    measure: content.measure,
    library,
    codeService: new CodeService(valueSetsForCodeService(valueSets)),
    mainLibraryName: rootLibIdentifier.id,
    elmLibraries: new Map(elmJSONs.map((elm) => [elm.library.identifier.id, indexElm(elm)])),
    filter: dataRequirementFilter(content),
  };
}

function indexElm(elm: ELM): ElmIndex {
  return {
    name: elm.library.identifier.id,
    statements: new Map(elm.library.statements.def.map((statement) => [statement.name, statement])),
    includes: new Map((elm.library.includes?.def ?? []).map((include) => [include.localIdentifier, include.path])),
  };
}
