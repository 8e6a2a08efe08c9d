/**
 * Measure content from `data/ecqm` (see its README): for each measure of `manifest.json`, one FHIR
 * Bundle of its Measure, the Libraries it depends on (CQL and ELM) and the ValueSets they name, which is
 * what fqm-execution executes. Read once per folder and kept.
 *
 * VSAC value-set URLs are read with the `http` scheme everywhere (`normalizeValueSetUrl`): here in the
 * ValueSets, and in the ELM when a measure is compiled (`measure-program.ts`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Bundle, FhirResource, Library, Measure, ValueSet } from 'fhir/r4';
import { referenceDataDir } from '../data-dir';
import { isEcqmMeasureId, type EcqmMeasureId } from './measure-catalog';

export interface EcqmMeasureContent {
  id: EcqmMeasureId;
  /** The library and measure name (`ControllingHighBloodPressureFHIR`). */
  name: string;
  /** The Measure's canonical URL (`https://madie.cms.gov/Measure/ControllingHighBloodPressureFHIR`). */
  url: string;
  version: string;
  /** The Measure's title without the `FHIR` the content appends to it. */
  title: string;
  measure: Measure;
  /**
   * Measure, Libraries (as published) and ValueSets (VSAC URLs normalised), as fqm-execution reads them;
   * read from disk on first use.
   */
  readonly bundle: Bundle;
}

interface ManifestEntry {
  name: string;
  measure: string;
  libraries: string[];
  valueSets: string[];
}

const VSAC_HTTPS = /^https:\/\/cts\.nlm\.nih\.gov\//;

/**
 * A value-set URL with the `http` scheme when it is VSAC's: the 2025 content publishes one ValueSet as
 * `https://cts.nlm.nih.gov/...` that its libraries name `http://cts.nlm.nih.gov/...` (data/ecqm/README.md).
 */
export function normalizeValueSetUrl(url: string): string {
  return url.replace(VSAC_HTTPS, 'http://cts.nlm.nih.gov/');
}

const cache = new Map<string, readonly EcqmMeasureContent[]>();

/** Every measure of `<dataDir>/ecqm/manifest.json`, in the manifest's order; read once per folder. */
export function loadMeasureContent(dataDir: string = referenceDataDir()): readonly EcqmMeasureContent[] {
  const folder = join(dataDir, 'ecqm');
  let content = cache.get(folder);
  if (!content) {
    content = readMeasureContent(folder);
    cache.set(folder, content);
  }
  return content;
}

function readMeasureContent(folder: string): EcqmMeasureContent[] {
  const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(folder, path), 'utf8')) as T;
  const manifest = readJson<Record<string, ManifestEntry>>('manifest.json');
  const libraries = new Map<string, Library>();
  const valueSets = new Map<string, ValueSet>();
  const libraryAt = (path: string): Library => {
    let library = libraries.get(path);
    if (!library) {
      library = readJson<Library>(path);
      libraries.set(path, library);
    }
    return library;
  };
  return Object.entries(manifest).map(([id, entry]) => {
    if (!isEcqmMeasureId(id)) throw new Error(`data/ecqm/manifest.json names ${id}, which Cairn does not know`);
    const measure = readJson<Measure>(entry.measure);
    let bundle: Bundle | undefined;
    return {
      id,
      name: entry.name,
      url: measure.url ?? '',
      version: measure.version ?? '',
      title: (measure.title ?? entry.name).replace(/FHIR$/, ''),
      measure,
      // Libraries are most of the content (17 MB): read when a measure is first run, shared between measures.
      get bundle(): Bundle {
        if (!bundle) {
          const resources: FhirResource[] = [measure, ...entry.libraries.map(libraryAt)];
          for (const url of entry.valueSets) resources.push(valueSetFor(folder, normalizeValueSetUrl(url), valueSets));
          bundle = { resourceType: 'Bundle', type: 'collection', entry: resources.map((resource) => ({ resource })) };
        }
        return bundle;
      },
    };
  });
}

/** The ValueSet of `url`, read from `valuesets/<oid>.json` and given the normalised URL. */
function valueSetFor(folder: string, url: string, valueSets: Map<string, ValueSet>): ValueSet {
  const known = valueSets.get(url);
  if (known) return known;
  const oid = url.slice(url.lastIndexOf('/') + 1);
  const valueSet = JSON.parse(readFileSync(join(folder, 'valuesets', `${oid}.json`), 'utf8')) as ValueSet;
  if (normalizeValueSetUrl(valueSet.url ?? '') !== url) {
    throw new Error(`data/ecqm/valuesets/${oid}.json has the URL ${String(valueSet.url)}, not ${url}`);
  }
  const normalised = { ...valueSet, url };
  valueSets.set(url, normalised);
  return normalised;
}
