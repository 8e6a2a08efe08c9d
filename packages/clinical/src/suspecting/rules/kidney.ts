import type { NormalisedObservation } from '../observations';
import { latestDiagnosis, resultsOf, type PatientIndex } from '../patient-index';
import { findPersistentSpan, highestValue } from './persistence';
import { diagnosisEvidence, observationEvidence, procedureEvidence, type SuspectRule } from './rule';
import { findDialysis } from './dialysis';

const KDIGO =
  'KDIGO 2012 Clinical Practice Guideline for the Evaluation and Management of CKD, Kidney Int Suppl 2013;3:1-150, §1.1-1.2';

/** KDIGO persistence: a marker must be present for more than 3 months; we require 90 days between results. */
export const PERSISTENCE_DAYS = 90;

/**
 * ... and less than a year: the "KDIGO, time limited" laboratory definition (two results >= 90 and
 * < 365 days apart; Vestergaard et al., Identification of Patients with CKD in Medical Databases,
 * CJASN 2021;16:543-551), so that two low results years apart with nothing between are not CKD.
 */
export const PERSISTENCE_MAXIMUM_DAYS = 365;

/** eGFR below 60 mL/min/1.73 m2 is KDIGO category G3a or worse (G1 >= 90, G2 60-89). */
const isReducedEgfr = (result: NormalisedObservation): boolean => result.value !== undefined && result.value < 60;

/** KDIGO GFR category of an eGFR value (mL/min/1.73 m2): G3a 45-59, G3b 30-44, G4 15-29, G5 < 15. */
export function gfrStageCode(egfr: number): string | undefined {
  if (egfr >= 60) return undefined;
  if (egfr >= 45) return 'N1831';
  if (egfr >= 30) return 'N1832';
  if (egfr >= 15) return 'N184';
  return 'N185';
}

const spanCache = new WeakMap<PatientIndex, NormalisedObservation[] | null>();

/** The persistent reduced-eGFR span, recent enough to describe the patient now (latest result this or last year). */
function persistentReducedEgfr(index: PatientIndex): NormalisedObservation[] | undefined {
  const cached = spanCache.get(index);
  if (cached !== undefined) return cached ?? undefined;
  const results = resultsOf(index, 'egfr');
  const latest = results.at(-1);
  const span =
    latest && latest.date >= index.priorYearStart
      ? findPersistentSpan(results, isReducedEgfr, PERSISTENCE_DAYS, PERSISTENCE_MAXIMUM_DAYS)
      : undefined;
  spanCache.set(index, span ?? null);
  return span;
}

function egfrStageRule(stage: 'g3a' | 'g3b' | 'g4' | 'g5', code: string): SuspectRule {
  const rule: SuspectRule = {
    id: `kdigo-egfr-${stage}`,
    kind: 'meets-diagnostic-criteria',
    source: `${KDIGO}: GFR category ${stage.toUpperCase()} (G3a 45-59, G3b 30-44, G4 15-29, G5 < 15 mL/min/1.73 m2) for > 3 months (two results >= 90 and < 365 days apart, none normal between: Vestergaard, CJASN 2021)`,
    evaluate(index) {
      const span = persistentReducedEgfr(index);
      if (!span) return [];
      // The stage that held over the whole span is the one of its best (highest) result.
      const best = highestValue(span);
      if (best?.value === undefined || gfrStageCode(best.value) !== code) return [];
      // Stage 5 on maintenance dialysis is ESRD, N18.6 (ICD-10-CM Guidelines I.C.14.a.1): the dialysis rule says so.
      if (code === 'N185' && findDialysis(index)) return [];
      return [{ code, evidence: span.map((result) => observationEvidence(result, rule)) }];
    },
  };
  return rule;
}

export const egfrG3aRule = egfrStageRule('g3a', 'N1831');
export const egfrG3bRule = egfrStageRule('g3b', 'N1832');
export const egfrG4Rule = egfrStageRule('g4', 'N184');
export const egfrG5Rule = egfrStageRule('g5', 'N185');

/** KDIGO albuminuria category A2 starts at an albumin-to-creatinine ratio of 30 mg/g (3 mg/mmol). */
const isAlbuminuria = (result: NormalisedObservation): boolean => result.value !== undefined && result.value >= 30;

export const albuminuriaRule: SuspectRule = {
  id: 'kdigo-albuminuria',
  kind: 'meets-diagnostic-criteria',
  source: `${KDIGO}: albuminuria (ACR >= 30 mg/g, category A2-A3) for > 3 months is CKD; with GFR >= 90 stage G1, 60-89 G2`,
  evaluate(index) {
    const results = resultsOf(index, 'uacr');
    const latest = results.at(-1);
    if (!latest || latest.date < index.priorYearStart) return [];
    const span = findPersistentSpan(results, isAlbuminuria, PERSISTENCE_DAYS, PERSISTENCE_MAXIMUM_DAYS);
    if (!span) return [];
    const egfr = resultsOf(index, 'egfr').at(-1);
    // A reduced eGFR is staged by the eGFR rules; albuminuria then adds no code of its own.
    if (egfr?.value !== undefined && egfr.value < 60) return [];
    const code = egfr?.value === undefined ? 'N189' : egfr.value >= 90 ? 'N181' : 'N182';
    const evidence = span.map((result) => observationEvidence(result, this));
    if (egfr) evidence.push(observationEvidence(egfr, this));
    return [{ code, evidence }];
  },
};

export const dialysisRule: SuspectRule = {
  id: 'dialysis-status',
  kind: 'meets-diagnostic-criteria',
  source:
    'KDIGO 2012 (kidney failure treated by dialysis is G5D); CMS ESRD definition (maintenance dialysis); ICD-10-CM Guidelines I.C.14.a.1 (ESRD on dialysis: N18.6 with Z99.2)',
  evaluate(index) {
    const dialysis = findDialysis(index);
    if (!dialysis) return [];
    const evidence = dialysis.map((procedure) => procedureEvidence(procedure, this));
    const egfr = resultsOf(index, 'egfr').at(-1);
    if (egfr) evidence.push(observationEvidence(egfr, this));
    const ckd = latestDiagnosis(index, ['N18']);
    if (ckd) evidence.push(diagnosisEvidence(ckd, this));
    return [
      { code: 'N186', evidence },
      { code: 'Z992', evidence },
    ];
  },
};
