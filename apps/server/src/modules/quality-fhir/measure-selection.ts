/**
 * The measures a `$care-gaps` call asks for (DEQM: `measureId`, `measureIdentifier`, `measureUrl`, any of
 * them, repeated; none: every measure), matched against the Measure resources Cairn executes
 * (`data/ecqm`). A measure Cairn does not run is a 400 naming the parameter.
 */
import type { CareGapsParameters } from '@cairn/contracts';
import { loadMeasureContent, type EcqmMeasureContent, type EcqmMeasureId } from '@cairn/clinical/deqm';
import { FhirError } from './fhir-outcome';

export interface MeasureSelection {
  /** `undefined`: every measure. */
  measureIds: EcqmMeasureId[] | undefined;
  /** A measure asked for at a version (`measureUrl` with `|version`): only its reports of that version. */
  versions: ReadonlyMap<EcqmMeasureId, string>;
}

const sameId = (left: string, right: string): boolean => left.toLowerCase() === right.toLowerCase();

function byMeasureId(content: readonly EcqmMeasureContent[], value: string): EcqmMeasureContent | undefined {
  return content.find((measure) => measure.measure.id === value || sameId(measure.id, value));
}

function byIdentifier(content: readonly EcqmMeasureContent[], token: string): EcqmMeasureContent | undefined {
  const bar = token.indexOf('|');
  const system = bar < 0 ? undefined : token.slice(0, bar);
  const value = bar < 0 ? token : token.slice(bar + 1);
  return content.find(
    (measure) =>
      (measure.measure.identifier ?? []).some(
        (identifier) => identifier.value === value && (system === undefined || identifier.system === system),
      ) ||
      (system === undefined && sameId(measure.id, value)),
  );
}

export function selectMeasures(parameters: CareGapsParameters): MeasureSelection {
  const content = loadMeasureContent();
  const chosen = new Set<EcqmMeasureId>();
  const versions = new Map<EcqmMeasureId, string>();
  const unknown = (parameter: string, value: string): FhirError =>
    FhirError.invalid(`Cairn runs no measure ${value}.`, parameter);
  for (const value of parameters.measureId ?? []) {
    chosen.add((byMeasureId(content, value) ?? throwError(unknown('measureId', value))).id);
  }
  for (const value of parameters.measureIdentifier ?? []) {
    chosen.add((byIdentifier(content, value) ?? throwError(unknown('measureIdentifier', value))).id);
  }
  for (const value of parameters.measureUrl ?? []) {
    const [url, version] = value.split('|', 2);
    const measure = content.find((item) => item.url === url) ?? throwError(unknown('measureUrl', value));
    chosen.add(measure.id);
    if (version) versions.set(measure.id, version);
  }
  return { measureIds: chosen.size > 0 ? [...chosen] : undefined, versions };
}

function throwError(error: FhirError): never {
  throw error;
}
