/**
 * A measure made ready to run, once: its ELM libraries decoded and compiled by cql-execution (the root
 * Library with its includes), its value sets in a CodeService, and the ELM kept for explaining results.
 * fqm-execution's `Calculator` redoes all of this on every call (and cql-exec-fhir re-reads its model
 * info), which is most of its cost per patient; the engine keeps one program per measure instead and
 * runs cql-execution's Executor on it (docs/quality.md, "Speed").
 */
import { CodeService, Repository, type Library as CqlLibrary } from 'cql-execution';
import type { Measure, ValueSet } from 'fhir/r4';
import type { ELM, ELMStatement } from 'fqm-execution';
import { valueSetsForCodeService } from 'fqm-execution/build/execution/ValueSetHelper.js';
import { dataRequirementFilter, type ResourceFilter } from './data-requirements';
import { indexValueSets } from './indexed-value-sets';
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
  /** Whether the measure's retrieves can read a resource of a patient's bundle (`data-requirements.ts`). */
  keeps: ResourceFilter;
  /**
   * The definitions a patient is evaluated for first (`initial-population-first.ts`): each group's initial
   * population and its stratifiers.
   */
  initialPopulationExpressions: string[];
}

/** One library's ELM: its statements by name and the libraries it includes by their local alias. */
export interface ElmIndex {
  name: string;
  statements: ReadonlyMap<string, ELMStatement>;
  includes: ReadonlyMap<string, string>;
}

/**
 * Compiles one measure's content (see the module comment); `indexValueSets`: value-set membership by
 * index (`indexed-value-sets.ts`).
 */
export function compileMeasure(
  content: EcqmMeasureContent,
  options: { indexValueSets?: boolean } = {},
): MeasureProgram {
  const { rootLibIdentifier, elmJSONs } = readElm(content);
  const valueSets = (content.bundle.entry ?? [])
    .map((entry) => entry.resource)
    .filter((resource): resource is ValueSet => resource?.resourceType === 'ValueSet');
  const repository = new Repository(elmJSONs);
  const library = repository.resolve(rootLibIdentifier.id, rootLibIdentifier.version);
  if (!library) throw new Error(`${content.id}: library ${rootLibIdentifier.id} not found in its bundle`);
  const codeService = new CodeService(valueSetsForCodeService(valueSets));
  if (options.indexValueSets ?? true) indexValueSets(codeService);
  return {
    content,
    measure: content.measure,
    library,
    codeService,
    mainLibraryName: rootLibIdentifier.id,
    elmLibraries: new Map(elmJSONs.map((elm) => [elm.library.identifier.id, indexElm(elm)])),
    keeps: dataRequirementFilter(content),
    initialPopulationExpressions: initialPopulationExpressions(content.measure),
  };
}

function initialPopulationExpressions(measure: Measure): string[] {
  const names = (measure.group ?? []).flatMap((group) => [
    ...(group.population ?? [])
      .filter((population) => population.code?.coding?.some((coding) => coding.code === 'initial-population'))
      .map((population) => population.criteria.expression),
    ...(group.stratifier ?? []).flatMap((stratifier) => [
      stratifier.criteria?.expression,
      ...(stratifier.component ?? []).map((component) => component.criteria.expression),
    ]),
  ]);
  return [...new Set(names.filter((name): name is string => Boolean(name)))];
}

/**
 * The ELM of the measure's libraries, decoded with Node's Buffer, and the root library's identifier, as
 * fqm-execution's extractLibrariesFromMeasureBundle gives them (includes named by the tail of their
 * path); it decodes base64 with a JavaScript polyfill on Node 20, a second per measure. VSAC value-set
 * URLs are normalised here (`normalizeValueSetUrl`).
 */
function readElm(content: EcqmMeasureContent): {
  rootLibIdentifier: { id: string; version?: string };
  elmJSONs: ELM[];
} {
  const root = content.measure.library?.[0];
  let rootLibIdentifier: { id: string; version?: string } | undefined;
  const elmJSONs = (content.bundle.entry ?? []).flatMap((entry) => {
    const library = entry.resource;
    if (library?.resourceType !== 'Library') return [];
    return (library.content ?? [])
      .filter((attachment) => attachment.contentType === 'application/elm+json' && attachment.data)
      .map((attachment) => {
        const elm = JSON.parse(Buffer.from(attachment.data ?? '', 'base64').toString('utf8')) as ELM;
        for (const include of elm.library.includes?.def ?? [])
          include.path = include.path.slice(include.path.lastIndexOf('/') + 1);
        for (const valueSet of elm.library.valueSets?.def ?? []) valueSet.id = normalizeValueSetUrl(valueSet.id);
        if (library.url === root || library.id === root) rootLibIdentifier = elm.library.identifier;
        return elm;
      });
  });
  if (!rootLibIdentifier) throw new Error(`${content.id}: the measure's library ${String(root)} is not in its bundle`);
  return { rootLibIdentifier, elmJSONs };
}

function indexElm(elm: ELM): ElmIndex {
  return {
    name: elm.library.identifier.id,
    statements: new Map(elm.library.statements.def.map((statement) => [statement.name, statement])),
    includes: new Map((elm.library.includes?.def ?? []).map((include) => [include.localIdentifier, include.path])),
  };
}
