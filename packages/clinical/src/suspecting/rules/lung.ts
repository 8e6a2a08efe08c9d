import type { NormalisedObservation } from '../observations';
import { latestDiagnosis, resultsOf, type PatientIndex } from '../patient-index';
import { observationEvidence, type SuspectRule } from './rule';

const GOLD =
  'GOLD 2025 Global Strategy for the Diagnosis, Management and Prevention of COPD, ch. 2: post-bronchodilator FEV1/FVC < 0.70 confirms persistent airflow limitation';

/** GOLD fixed ratio. */
export const GOLD_FEV1_FVC_RATIO = 0.7;
const POST_BRONCHODILATOR = /\bpost\b|post-?bronchodilat|after bronchodilat|\bpost-?bd\b/i;

function isPostBronchodilator(result: NormalisedObservation): boolean {
  return POST_BRONCHODILATOR.test(result.record.display);
}

function latestObstruction(index: PatientIndex, postBronchodilator: boolean): NormalisedObservation | undefined {
  const results = resultsOf(index, 'fev1-fvc').filter(
    (result) => result.date >= index.lookbackStart && isPostBronchodilator(result) === postBronchodilator,
  );
  const latest = results.at(-1);
  return latest?.value !== undefined && latest.value < GOLD_FEV1_FVC_RATIO ? latest : undefined;
}

export const goldSpirometryRule: SuspectRule = {
  id: 'gold-spirometry-copd',
  kind: 'meets-diagnostic-criteria',
  source: GOLD,
  evaluate(index) {
    const latest = latestObstruction(index, true);
    return latest ? [{ code: 'J449', evidence: [observationEvidence(latest, this)] }] : [];
  },
};

export const prebronchodilatorSpirometryRule: SuspectRule = {
  id: 'spirometry-obstruction-not-post-bronchodilator',
  kind: 'clinical-correlation-needed',
  source: `${GOLD}; a ratio not marked post-bronchodilator may be reversible (asthma)`,
  evaluate(index) {
    if (latestObstruction(index, true)) return []; // the GOLD rule already applies
    if (latestDiagnosis(index, ['J45'])) return []; // reversible obstruction is explained by asthma
    const latest = latestObstruction(index, false);
    return latest ? [{ code: 'J449', evidence: [observationEvidence(latest, this)] }] : [];
  },
};
