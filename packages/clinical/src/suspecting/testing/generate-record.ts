import type {
  ClaimDiagnosisRecord,
  ConditionRecord,
  DocumentRecord,
  EncounterRecord,
  MedicationRecord,
  ObservationRecord,
  PatientRecord,
  ProcedureRecord,
} from '../../record';
import { emptyPatientRecord } from '../../record';
import { createRandom } from '../../testing/random';

/**
 * A deterministic generator of synthetic patient records for the benchmark and for tests that need
 * volume: the same seed always gives the same record. Each record spans five calendar years up to
 * `asOf`: visits with vitals and labs, claims and encounter diagnoses for a handful of chronic
 * conditions, medications, progress notes (with negated, family-history and historical mentions)
 * and the odd procedure and HIE record.
 */

interface Profile {
  code: string;
  name: string;
  medications: readonly string[];
}

const PROFILES: readonly Profile[] = [
  {
    code: 'E119',
    name: 'type 2 diabetes',
    medications: ['metformin 500 MG Oral Tablet', 'insulin glargine 100 UNT/ML [Lantus]'],
  },
  { code: 'I10', name: 'hypertension', medications: ['lisinopril 10 MG Oral Tablet', 'amlodipine 5 MG Oral Tablet'] },
  {
    code: 'I5022',
    name: 'chronic systolic heart failure',
    medications: ['carvedilol 12.5 MG Oral Tablet', 'furosemide 40 MG Oral Tablet'],
  },
  {
    code: 'J449',
    name: 'COPD',
    medications: ['tiotropium 18 MCG Inhalation Capsule', 'albuterol 90 MCG/ACTUAT Inhaler'],
  },
  { code: 'N1831', name: 'chronic kidney disease stage 3a', medications: [] },
  { code: 'I480', name: 'paroxysmal atrial fibrillation', medications: ['apixaban 5 MG Oral Tablet [Eliquis]'] },
  { code: 'F331', name: 'recurrent major depression', medications: ['sertraline 100 MG Oral Tablet'] },
  { code: 'E785', name: 'hyperlipidemia', medications: ['atorvastatin 40 MG Oral Tablet'] },
  { code: 'G20A1', name: "Parkinson's disease", medications: ['carbidopa 25 MG / levodopa 100 MG Oral Tablet'] },
  { code: 'M069', name: 'rheumatoid arthritis', medications: ['methotrexate 2.5 MG Oral Tablet'] },
  { code: 'F0390', name: 'dementia', medications: ['donepezil 10 MG Oral Tablet'] },
  { code: 'K219', name: 'GERD', medications: ['omeprazole 20 MG Delayed Release Oral Capsule'] },
];

const FILLER = [
  'Patient seen for routine follow-up today.',
  'Vital signs reviewed and within expected range.',
  'Reports good adherence to medications and no side effects.',
  'Physical exam: lungs clear to auscultation bilaterally, regular rate and rhythm, no edema.',
  'Discussed diet, exercise and sleep hygiene at length.',
  'Labs from the last visit were reviewed with the patient.',
  'Plan: continue current medications and return in three months.',
  'Immunizations are up to date per the registry.',
  'Patient lives at home with spouse and is independent in activities of daily living.',
  'Denies chest pain, shortness of breath, fever or chills.',
];

interface Builder {
  random: () => number;
  next: (prefix: string) => string;
  pick: <T>(items: readonly T[]) => T;
}

function dateIn(builder: Builder, year: number, monthFrom = 1, monthTo = 12): string {
  const month = monthFrom + Math.floor(builder.random() * (monthTo - monthFrom + 1));
  const day = 1 + Math.floor(builder.random() * 28);
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function noteText(builder: Builder, profiles: readonly Profile[]): string {
  const sentences: string[] = [];
  for (let count = 6 + Math.floor(builder.random() * 8); count > 0; count -= 1) sentences.push(builder.pick(FILLER));
  for (const profile of profiles) {
    const form = builder.random();
    if (form < 0.5) sentences.push(`Assessment: ${profile.name}, stable on current regimen.`);
    else if (form < 0.7) sentences.push(`History of ${profile.name}.`);
    else sentences.push(`Follow up for ${profile.name} in clinic.`);
  }
  const other = builder.pick(PROFILES);
  sentences.push(
    builder.random() < 0.5 ? `Family history: mother with ${other.name}.` : `No evidence of ${other.name}.`,
  );
  return sentences.join(' ');
}

function observation(
  builder: Builder,
  loinc: string,
  display: string,
  value: number,
  unit: string,
  date: string,
): ObservationRecord {
  return { id: builder.next('obs'), loinc, display, date, value: Math.round(value * 10) / 10, unit, source: 'EHR' };
}

function visitObservations(
  builder: Builder,
  date: string,
  state: { egfr: number; a1c: number; bmi: number },
  isDiabetic: boolean,
): ObservationRecord[] {
  const results = [
    observation(builder, '8480-6', 'Systolic blood pressure', 110 + builder.random() * 50, 'mm[Hg]', date),
    observation(builder, '8462-4', 'Diastolic blood pressure', 60 + builder.random() * 30, 'mm[Hg]', date),
    observation(builder, '8867-4', 'Heart rate', 55 + builder.random() * 40, '/min', date),
    observation(builder, '29463-7', 'Body weight', 55 + builder.random() * 60, 'kg', date),
    observation(builder, '39156-5', 'Body mass index', state.bmi + builder.random() * 2 - 1, 'kg/m2', date),
    observation(builder, '33914-3', 'eGFR', state.egfr + builder.random() * 8 - 4, 'mL/min/{1.73_m2}', date),
    observation(builder, '2160-0', 'Creatinine', 0.7 + builder.random(), 'mg/dL', date),
    observation(builder, '2093-3', 'Cholesterol total', 150 + builder.random() * 90, 'mg/dL', date),
    observation(builder, '2085-9', 'HDL cholesterol', 35 + builder.random() * 30, 'mg/dL', date),
  ];
  if (isDiabetic || builder.random() < 0.3)
    results.push(observation(builder, '4548-4', 'Hemoglobin A1c', state.a1c + builder.random() - 0.5, '%', date));
  if (builder.random() < 0.25)
    results.push(observation(builder, '44261-6', 'PHQ-9 total score', builder.random() * 22, '{score}', date));
  return results;
}

/** A synthetic record with five calendar years of data up to `asOf` (deterministic for a seed). */
export function generateRecord(seed: number, asOf = '2026-06-30'): PatientRecord {
  const random = createRandom(seed * 2654435761);
  let counter = 0;
  const builder: Builder = {
    random,
    next: (prefix) => `${prefix}-${String(seed)}-${String((counter += 1))}`,
    pick: (items) => items[Math.floor(random() * items.length)] as (typeof items)[number],
  };
  const lastYear = Number(asOf.slice(0, 4));
  const profiles = PROFILES.filter(() => random() < 0.3);
  const isDiabetic = profiles.some((profile) => profile.code === 'E119');
  const state = {
    egfr: 35 + random() * 60,
    a1c: isDiabetic ? 6.5 + random() * 3 : 5 + random() * 1.8,
    bmi: 20 + random() * 25,
  };

  // Birth date before sex: the random draws stay in the order the benchmark's figures were made with.
  const record = emptyPatientRecord(`synthetic-${String(seed)}`, {
    birthDate: `${String(1935 + Math.floor(random() * 45))}-0${String(1 + Math.floor(random() * 9))}-15`,
    sex: random() < 0.5 ? 'F' : 'M',
  });
  for (let year = lastYear - 4; year <= lastYear; year += 1)
    addYear(builder, record, { year, asOf, profiles, state, isDiabetic });
  addMedications(builder, record, profiles, lastYear);
  return record;
}

function addYear(
  builder: Builder,
  record: PatientRecord,
  context: {
    year: number;
    asOf: string;
    profiles: readonly Profile[];
    state: { egfr: number; a1c: number; bmi: number };
    isDiabetic: boolean;
  },
): void {
  const { year, asOf, profiles } = context;
  const visits = 3 + Math.floor(builder.random() * 4);
  for (let visit = 0; visit < visits; visit += 1) {
    const date = dateIn(builder, year);
    if (date > asOf) continue;
    const encounter: EncounterRecord = {
      id: builder.next('enc'),
      date,
      classCode: 'AMB',
      types: [{ system: 'http://www.ama-assn.org/go/cpt', code: '99214' }],
      source: 'EHR',
    };
    record.encounters.push(encounter);
    record.observations.push(...visitObservations(builder, date, context.state, context.isDiabetic));
    for (const profile of profiles) {
      if (builder.random() < 0.35) record.claims.push(claim(builder, profile.code, date));
      if (builder.random() < 0.25) record.conditions.push(condition(builder, profile, date));
    }
  }
  for (let count = 2 + Math.floor(builder.random() * 2); count > 0; count -= 1) {
    const date = dateIn(builder, year);
    if (date > asOf) continue;
    const source = builder.random() < 0.2 ? 'HIE' : 'EHR';
    const document: DocumentRecord = {
      id: builder.next('doc'),
      date,
      title: 'Progress note',
      text: noteText(builder, profiles),
      source,
    };
    record.documents.push(document);
  }
  if (builder.random() < 0.05) record.procedures.push(procedure(builder, dateIn(builder, year, 1, 6)));
  context.state.egfr = Math.max(10, context.state.egfr - builder.random() * 4);
}

function claim(builder: Builder, icdCode: string, serviceDate: string): ClaimDiagnosisRecord {
  return { id: builder.next('claim'), icdCode, serviceDate, source: 'EHR' };
}

function condition(builder: Builder, profile: Profile, date: string): ConditionRecord {
  return {
    id: builder.next('cond'),
    icdCode: profile.code,
    display: profile.name,
    date,
    clinicalStatus: 'active',
    verificationStatus: 'confirmed',
    category: builder.random() < 0.5 ? 'encounter-diagnosis' : 'problem-list-item',
    source: builder.random() < 0.15 ? 'HIE' : 'EHR',
  };
}

function procedure(builder: Builder, date: string): ProcedureRecord {
  const [code, display] = builder.pick([
    ['27880', 'Amputation, leg, through tibia and fibula, right'],
    ['44320', 'Colostomy'],
    ['45378', 'Colonoscopy, diagnostic'],
  ] as const);
  return { id: builder.next('proc'), code, system: 'http://www.ama-assn.org/go/cpt', display, date, source: 'EHR' };
}

function addMedications(builder: Builder, record: PatientRecord, profiles: readonly Profile[], lastYear: number): void {
  for (const profile of profiles) {
    for (const display of profile.medications) {
      const stopped = builder.random() < 0.2;
      const medication: MedicationRecord = {
        id: builder.next('med'),
        display,
        startDate: dateIn(builder, lastYear - 4 + Math.floor(builder.random() * 4)),
        status: stopped ? 'stopped' : 'active',
        source: 'EHR',
      };
      if (stopped) medication.endDate = dateIn(builder, lastYear - 1);
      record.medications.push(medication);
    }
  }
}
