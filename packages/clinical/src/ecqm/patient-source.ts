/**
 * cql-exec-fhir's patient source, with each patient's retrieves and field reads remembered.
 *
 * cql-exec-fhir answers every retrieve by scanning the bundle and wrapping each matching resource anew
 * (a wrapper defines a property per element of its type); a measure retrieves the same profile many
 * times (`[Encounter: "Office Visit"]`, `[Encounter: "Home Healthcare Services"]`, ... are all
 * qicore-encounter), and cql-execution applies the code filter itself afterwards. So a patient answers a
 * profile's retrieve once and gives the same read-only wrappers to each later one. And a wrapper builds
 * the value of a field (`code`, `period`, ...) anew at each read, the code filter of every retrieve
 * included; a wrapper's reads are remembered (`get` and `getCode` of cql-exec-fhir 2.2.0's FHIRObject,
 * for every wrapper of this process, once). Both read bundles that do not change while they are
 * evaluated. One source is refilled for every run (cql-exec-fhir reads its FHIR model info when a source
 * is made).
 */
import type { Bundle } from 'fhir/r4';
import { PatientSource } from 'cql-exec-fhir';
import type { DataProvider, PatientObject, RecordObject, RetrieveDetails } from 'cql-execution';

type FindRecords = (profile: string, retrieveDetails?: RetrieveDetails) => RecordObject[];

export interface RefillablePatientSource extends DataProvider {
  /** Empties the source and loads these bundles (one patient each). */
  refill(bundles: readonly Bundle[]): void;
}

/** A source whose patients remember their retrieves (or, with `remember` false, cql-exec-fhir's own). */
export function createPatientSource(remember = true): RefillablePatientSource {
  // requireProfileTagging: a retrieve of a QI-Core profile reads only resources tagged with it, as
  // fqm-execution does by default (a not-done Observation must not read as a done one).
  const source = PatientSource.FHIRv401({ requireProfileTagging: true });
  return {
    refill(bundles) {
      source.reset();
      source.loadBundles([...bundles]);
    },
    currentPatient: () => (remember ? remembering(source.currentPatient()) : source.currentPatient()),
    nextPatient: () => (remember ? remembering(source.nextPatient()) : source.nextPatient()),
  };
}

function remembering(patient: PatientObject | undefined): PatientObject | undefined {
  if (!patient) return patient;
  rememberFieldReads(patient);
  const findRecords = patient.findRecords.bind(patient) as FindRecords;
  const answers = new Map<string, RecordObject[]>();
  // Not enumerable, as the wrapper's own fields are read by enumerating it.
  Object.defineProperty(patient, 'findRecords', {
    enumerable: false,
    value: (profile: string, retrieveDetails?: RetrieveDetails): RecordObject[] => {
      const key = `${profile}\u0000${retrieveDetails?.datatype ?? ''}`;
      let records = answers.get(key);
      if (!records) {
        records = findRecords(profile, retrieveDetails);
        answers.set(key, records);
      }
      return [...records]; // a copy: the engine may sort what it is given
    },
  });
  return patient;
}

let fieldReadsRemembered = false;

/** Memoises `get` and `getCode` on cql-exec-fhir's wrapper class, found from one of its instances. */
function rememberFieldReads(wrapper: object): void {
  if (fieldReadsRemembered) return;
  let prototype = Object.getPrototypeOf(wrapper) as Record<string, unknown> | null;
  while (prototype && !(Object.hasOwn(prototype, 'get') && Object.hasOwn(prototype, 'getCode'))) {
    prototype = Object.getPrototypeOf(prototype) as Record<string, unknown> | null;
  }
  if (!prototype) throw new Error('cql-exec-fhir wrapper class not found');
  for (const method of ['get', 'getCode'] as const) {
    const read = prototype[method] as (this: object, field: string) => unknown;
    const reads = new WeakMap<object, Map<string, unknown>>();
    Object.defineProperty(prototype, method, {
      configurable: true,
      writable: true,
      value(this: object, field: string): unknown {
        let values = reads.get(this);
        if (!values) {
          values = new Map();
          reads.set(this, values);
        }
        if (values.has(field)) return values.get(field);
        const value = read.call(this, field);
        values.set(field, value);
        return value;
      },
    });
  }
  fieldReadsRemembered = true;
}
