import { daysBetween } from '../dates';
import type { NormalisedObservation } from '../observations';
import { latestDiagnosis, resultsOf, usesOf, type PatientIndex } from '../patient-index';
import { medicationEvidence, observationEvidence, type SuspectRule } from './rule';

/** Antiretrovirals used only to treat HIV (integrase, NNRTI, protease and entry inhibitors, zidovudine, abacavir). */
export const HIV_TREATMENT_ONLY = [
  'bictegravir',
  'dolutegravir',
  'raltegravir',
  'elvitegravir',
  'efavirenz',
  'rilpivirine',
  'doravirine',
  'nevirapine',
  'etravirine',
  'darunavir',
  'atazanavir',
  'lopinavir',
  'fosamprenavir',
  'tipranavir',
  'maraviroc',
  'enfuvirtide',
  'fostemsavir',
  'ibalizumab',
  'zidovudine',
  'abacavir',
  'islatravir',
];
/**
 * Also used for PrEP (emtricitabine/tenofovir, cabotegravir alone, lenacapavir alone), hepatitis B
 * (tenofovir, lamivudine, entecavir, adefovir) or COVID-19 (ritonavir with nirmatrelvir).
 */
export const SHARED_ANTIVIRALS = [
  'emtricitabine',
  'tenofovir',
  'lamivudine',
  'entecavir',
  'adefovir',
  'cabotegravir',
  'lenacapavir',
  'ritonavir',
  'cobicistat',
];
/** Three or more distinct antiretrovirals are a treatment regimen (DHHS Adult ART Guidelines), never PrEP. */
const TREATMENT_REGIMEN_SIZE = 3;
/**
 * Post-exposure prophylaxis is a 28-day three-drug course (CDC nPEP Guidelines 2025): a regimen
 * taken for less than 60 days is not read as HIV treatment.
 */
const LONGER_THAN_PEP_DAYS = 60;

export const antiretroviralRule: SuspectRule = {
  id: 'drug-antiretroviral-hiv',
  kind: 'clinical-correlation-needed',
  source:
    'DHHS Guidelines for the Use of Antiretroviral Agents in Adults and Adolescents with HIV (treatment regimens); CDC PrEP Clinical Practice Guideline 2021 (F/TDF, F/TAF, cabotegravir are PrEP, not HIV treatment)',
  evaluate(index) {
    if (latestDiagnosis(index, ['B20'], index.lookbackStart)) return [];
    const uses = usesOf(index, [...HIV_TREATMENT_ONLY, ...SHARED_ANTIVIRALS]);
    const ingredients = new Set(uses.flatMap((use) => [...use.ingredients]));
    const isTreatment =
      HIV_TREATMENT_ONLY.some((name) => ingredients.has(name)) ||
      SHARED_ANTIVIRALS.filter((name) => ingredients.has(name) && name !== 'ritonavir' && name !== 'cobicistat')
        .length >= TREATMENT_REGIMEN_SIZE;
    if (!isTreatment) return [];
    const start = uses.reduce((earliest, use) => (use.start < earliest ? use.start : earliest), index.asOf);
    const end = uses.reduce((latest, use) => (use.end > latest ? use.end : latest), start);
    // Shorter than 60 days (a current order runs to the as-of date): PEP, or too early to tell.
    if (daysBetween(start, end) < LONGER_THAN_PEP_DAYS) return [];
    return [{ code: 'B20', evidence: uses.map((use) => medicationEvidence(use, this)) }];
  },
};

export const CONVENTIONAL_DMARDS = ['methotrexate', 'hydroxychloroquine', 'leflunomide', 'sulfasalazine'];
/**
 * Positive serology: a result read as positive, or above 20 units (a common upper reference limit of
 * RF nephelometry, IU/mL, and the manufacturer cut-off of anti-CCP2 ELISA, U/mL). ACR/EULAR 2010
 * counts any value above the laboratory's upper limit.
 */
export const SEROLOGY_POSITIVE_ABOVE = 20;

function positiveSerology(results: readonly NormalisedObservation[]): NormalisedObservation | undefined {
  return results.findLast(
    (result) => result.positive ?? (result.value !== undefined && result.value > SEROLOGY_POSITIVE_ABOVE),
  );
}

export const rheumatoidArthritisRule: SuspectRule = {
  id: 'dmard-serology-rheumatoid-arthritis',
  kind: 'clinical-correlation-needed',
  source:
    '2010 ACR/EULAR Rheumatoid Arthritis Classification Criteria (Aletaha D et al., Arthritis Rheum 2010;62:2569-2581): RF or anti-CCP positive serology; conventional DMARDs (methotrexate, hydroxychloroquine, leflunomide, sulfasalazine)',
  evaluate(index) {
    if (latestDiagnosis(index, ['M05', 'M06'], index.lookbackStart)) return [];
    const uses = usesOf(index, CONVENTIONAL_DMARDS);
    if (uses.length === 0) return [];
    const rf = positiveSerology(resultsOf(index, 'rheumatoid-factor'));
    const ccp = positiveSerology(resultsOf(index, 'anti-ccp'));
    if (!rf && !ccp) return [];
    const evidence = uses.map((use) => medicationEvidence(use, this));
    for (const result of [rf, ccp]) if (result) evidence.push(observationEvidence(result, this));
    // M05.9: with rheumatoid factor; M06.9: RA without a positive RF (anti-CCP only).
    return [{ code: rf ? 'M059' : 'M069', evidence }];
  },
};

/** Chronic hepatitis C: viraemia persisting more than 6 months (AASLD-IDSA HCV Guidance; CDC 2020 case definition). */
export const CHRONIC_HCV_DAYS = 183;

function hcvViraemia(index: PatientIndex): NormalisedObservation[] {
  return resultsOf(index, 'hcv-rna').filter(
    (result) => result.positive ?? (result.value !== undefined && result.value > 0),
  );
}

function latestIsViraemic(index: PatientIndex): boolean {
  const latest = resultsOf(index, 'hcv-rna').at(-1);
  return latest !== undefined && (latest.positive ?? (latest.value !== undefined && latest.value > 0));
}

export const chronicHepatitisCRule: SuspectRule = {
  id: 'hcv-rna-chronic-hepatitis-c',
  kind: 'meets-diagnostic-criteria',
  source:
    'AASLD-IDSA HCV Guidance and CDC 2020 hepatitis C case definition: detectable HCV RNA persisting > 6 months is chronic infection',
  evaluate(index) {
    if (!latestIsViraemic(index)) return []; // cured or cleared: the latest result is negative
    const positives = hcvViraemia(index);
    const first = positives[0];
    const last = positives.at(-1);
    if (!first || !last || daysBetween(first.date, last.date) < CHRONIC_HCV_DAYS) return [];
    return [{ code: 'B182', evidence: [first, last].map((result) => observationEvidence(result, this)) }];
  },
};

export const hepatitisCViraemiaRule: SuspectRule = {
  id: 'hcv-rna-detected',
  kind: 'clinical-correlation-needed',
  source:
    'AASLD-IDSA HCV Guidance: detectable HCV RNA is current infection; chronicity needs > 6 months or a clinician',
  evaluate(index) {
    if (!latestIsViraemic(index)) return [];
    const positives = hcvViraemia(index);
    const first = positives[0];
    const last = positives.at(-1);
    if (!first || !last || daysBetween(first.date, last.date) >= CHRONIC_HCV_DAYS) return [];
    return [{ code: 'B182', evidence: [observationEvidence(last, this)] }];
  },
};
