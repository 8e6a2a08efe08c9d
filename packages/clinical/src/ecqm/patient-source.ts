/**
 * cql-exec-fhir's patient source, each patient wrapped once for every measure, with their retrieves and
 * field reads remembered.
 *
 * cql-exec-fhir answers every retrieve by scanning the bundle and wrapping each matching resource anew
 * (a wrapper defines a property per element of its type); a measure retrieves the same profile many
 * times (`[Encounter: "Office Visit"]`, `[Encounter: "Home Healthcare Services"]`, ... are all
 * qicore-encounter), and cql-execution applies the code filter itself afterwards; and the twelve measures
 * retrieve the same profiles again. So a patient answers a profile's retrieve once, for every measure, and
 * gives the same read-only wrappers to each later one; each measure sees those of them its data
 * requirements can read (`data-requirements.ts`). And a wrapper builds the value of a field (`code`,
 * `period`, ...) anew at each read, the code filter of every retrieve included; a wrapper's reads are
 * remembered (`get` and `getCode` of cql-exec-fhir 2.2.0's FHIRObject, for every wrapper of this process,
 * once). Both read bundles that do not change while they are evaluated. One source serves every run
 * (cql-exec-fhir reads its FHIR model info when a source is made).
 */
import type { Bundle } from 'fhir/r4';
import { PatientSource } from 'cql-exec-fhir';
import type { DataProvider, PatientObject, RecordObject, RetrieveDetails } from 'cql-execution';
import { filterBundle, type ResourceFilter } from './data-requirements';

type FindRecords = (profile: string, retrieveDetails?: RetrieveDetails) => RecordObject[];
type WrappedRecord = RecordObject & { _json?: Parameters<ResourceFilter>[0] };

export interface MeasurePatientSource extends DataProvider {
  /** Loads these bundles (one patient each) for the measures to come. */
  load(bundles: readonly Bundle[]): void;
  /**
   * Starts a measure's run over the loaded patients, from the first: each retrieve answers only the
   * resources `keeps` lets through (all of them without it).
   */
  start(keeps?: ResourceFilter): void;
}

/**
 * A source whose patients are wrapped once and remember their retrieves (or, with `remember` false,
 * cql-exec-fhir's own, the bundles filtered anew for each measure).
 */
export function createPatientSource(remember = true): MeasurePatientSource {
  // requireProfileTagging: a retrieve of a QI-Core profile reads only resources tagged with it, as
  // fqm-execution does by default (a not-done Observation must not read as a done one).
  const source = PatientSource.FHIRv401({ requireProfileTagging: true });
  if (!remember) {
    let bundles: readonly Bundle[] = [];
    return {
      load: (loaded) => (bundles = loaded),
      start(keeps) {
        source.reset();
        source.loadBundles(keeps ? bundles.map((bundle) => filterBundle(bundle, keeps)) : [...bundles]);
      },
      currentPatient: () => source.currentPatient(),
      nextPatient: () => source.nextPatient(),
    };
  }
  let patients: RememberingPatient[] = [];
  let index = 0;
  return {
    load(bundles) {
      source.reset();
      source.loadBundles([...bundles]);
      patients = [];
      for (let patient = source.currentPatient(); patient; patient = source.nextPatient())
        patients.push(remembering(patient));
    },
    start(keeps) {
      index = 0;
      for (const patient of patients) patient.keeps = keeps;
    },
    currentPatient: () => patients[index]?.patient,
    nextPatient: () => patients[(index = Math.min(index + 1, patients.length))]?.patient,
  };
}

interface RememberingPatient {
  patient: PatientObject;
  /** The current measure's filter of what its retrieves read. */
  keeps: ResourceFilter | undefined;
}

function remembering(patient: PatientObject): RememberingPatient {
  rememberFieldReads(patient);
  const findRecords = patient.findRecords.bind(patient) as FindRecords;
  const answers = new Map<string, WrappedRecord[]>();
  const kept = new Map<ResourceFilter, Map<string, WrappedRecord[]>>();
  const remembered: RememberingPatient = { patient, keeps: undefined };
  // Not enumerable, as the wrapper's own fields are read by enumerating it.
  Object.defineProperty(patient, 'findRecords', {
    enumerable: false,
    value: (profile: string, retrieveDetails?: RetrieveDetails): RecordObject[] => {
      const key = `${profile}\u0000${retrieveDetails?.datatype ?? ''}`;
      let records = answers.get(key);
      if (!records) answers.set(key, (records = findRecords(profile, retrieveDetails)));
      const keeps = remembered.keeps;
      if (!keeps) return [...records]; // a copy: the engine may sort what it is given
      let byKey = kept.get(keeps);
      if (!byKey) kept.set(keeps, (byKey = new Map<string, WrappedRecord[]>()));
      let filtered = byKey.get(key);
      if (!filtered) byKey.set(key, (filtered = records.filter((record) => keeps(record._json))));
      return [...filtered];
    },
  });
  return remembered;
}

let fieldReadsRemembered = false;

/**
 * Memoises `get` and `getCode` on cql-exec-fhir's wrapper class, found from one of its instances, and
 * `findClass` on its model info (which a wrapper's constructor calls for each base type of its type, and
 * which rewrites the name it is given at each call); the model info does not change once read.
 */
function rememberFieldReads(wrapper: object): void {
  if (fieldReadsRemembered) return;
  const wrapperClass = prototypeWith(wrapper, ['get', 'getCode']);
  const modelInfo = (wrapper as { _modelInfo?: object })._modelInfo;
  const modelInfoClass = modelInfo && prototypeWith(modelInfo, ['findClass']);
  if (!wrapperClass || !modelInfoClass) throw new Error('cql-exec-fhir wrapper class not found');
  memoise(wrapperClass, 'get');
  memoise(wrapperClass, 'getCode');
  memoise(modelInfoClass, 'findClass');
  fieldReadsRemembered = true;
}

/** The first prototype of `object`'s chain that defines each of these methods. */
function prototypeWith(object: object, methods: readonly string[]): Record<string, unknown> | undefined {
  let prototype = Object.getPrototypeOf(object) as Record<string, unknown> | null;
  while (prototype && !methods.every((method) => Object.hasOwn(prototype as object, method))) {
    prototype = Object.getPrototypeOf(prototype) as Record<string, unknown> | null;
  }
  return prototype ?? undefined;
}

/** Replaces a one-argument method by one that remembers its answer per instance and argument. */
function memoise(prototype: Record<string, unknown>, method: string): void {
  const compute = prototype[method] as (this: object, argument: string) => unknown;
  const answers = new WeakMap<object, Map<string, unknown>>();
  Object.defineProperty(prototype, method, {
    configurable: true,
    writable: true,
    value(this: object, argument: string): unknown {
      let values = answers.get(this);
      if (!values) answers.set(this, (values = new Map<string, unknown>()));
      if (values.has(argument)) return values.get(argument);
      const value = compute.call(this, argument);
      values.set(argument, value);
      return value;
    },
  });
}
