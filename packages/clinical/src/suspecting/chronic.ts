import type { SuspectingModel } from './types';

/**
 * Which coded conditions recapture. A chronic condition persists, so a code of the prior two calendar
 * years should be addressed again this year (CMS risk adjustment counts a diagnosis only in the year
 * it is documented at a face-to-face visit). Every payment HCC is chronic except the ones below,
 * which describe an episode (infection, acute event, injury, wound) that has to be documented as
 * present again before it may be coded:
 *
 * V28: 2 sepsis/SIRS/shock, 6 opportunistic infections, 36 diabetes with severe acute complications,
 * 68 cholangitis/bile-duct obstruction, 78 intestinal obstruction/perforation, 92 bone/joint/muscle
 * infections and necrosis, 195 myasthenia with exacerbation, 202 coma/brain compression/anoxic
 * damage, 212 respiratory arrest, 213 cardio-respiratory failure and shock, 224 acute on chronic
 * heart failure, 225 acute heart failure, 228 acute myocardial infarction, 229 unstable angina,
 * 248 intracranial haemorrhage, 249 ischaemic stroke, 267 DVT and pulmonary embolism, 282 aspiration
 * and bacterial pneumonias, 283 empyema/lung abscess, 379-383 pressure and chronic skin ulcers
 * (wounds heal; coding needs a wound present now), 385 severe burns, 397-399 head injuries, 401
 * vertebral and 402 hip fractures, 405 traumatic amputations and complications (the status that
 * follows is HCC 409, which recaptures).
 *
 * V24: 2 septicemia/sepsis, 6 opportunistic infections, 17 diabetes with acute complications, 33
 * intestinal obstruction, 39 bone/joint infections, 80 coma, 83 respiratory arrest, 84
 * cardio-respiratory failure and shock, 86 acute MI, 87 unstable angina, 99 intracranial
 * haemorrhage, 100 ischaemic stroke, 114-115 pneumonias, 135 acute renal failure, 157-159 pressure
 * ulcers, 161 chronic skin ulcers, 162 severe burns, 166-167 head injuries, 169-170 fractures, 173
 * traumatic amputations, 176 complications of implanted devices.
 */
export const ACUTE_HCCS: Record<SuspectingModel, ReadonlySet<number>> = {
  v28: new Set([
    2, 6, 36, 68, 78, 92, 195, 202, 212, 213, 224, 225, 228, 229, 248, 249, 267, 282, 283, 379, 380, 381, 382, 383, 385,
    397, 398, 399, 401, 402, 405,
  ]),
  v24: new Set([
    2, 6, 17, 33, 39, 80, 83, 84, 86, 87, 99, 100, 114, 115, 135, 157, 158, 159, 161, 162, 166, 167, 169, 170, 173, 176,
  ]),
};

/**
 * Chronic codes inside acute HCCs: chronic respiratory failure (J96.1-) in HCC 213/84, and chronic
 * deep-vein thrombosis and embolism (I82.5-, I82.7-, I82.A2-, I82.B2-, I82.C2-) and chronic
 * pulmonary embolism (I27.82) in HCC 267/108 (I82.211 and I82.221 are chronic vena cava thrombosis).
 */
const CHRONIC_CODES_IN_ACUTE_HCCS = ['J961', 'I825', 'I827', 'I82A2', 'I82B2', 'I82C2', 'I82211', 'I82221', 'I2782'];

/**
 * An acute episode code of a chronic disease recaptures as the disease's chronic code: acute or
 * acute-on-chronic heart failure as chronic heart failure of the same type, a diabetic crisis
 * (ketoacidosis, hyperosmolarity, hypoglycaemic coma) as diabetes without complications, myasthenia
 * with exacerbation as myasthenia without, and COPD or asthma exacerbations as the stable disease.
 */
const CHRONIC_COUNTERPARTS: readonly [string, string][] = [
  ['I5021', 'I5022'],
  ['I5023', 'I5022'],
  ['I5031', 'I5032'],
  ['I5033', 'I5032'],
  ['I5041', 'I5042'],
  ['I5043', 'I5042'],
  ['I50811', 'I50812'],
  ['I50813', 'I50812'],
  ['E1010', 'E109'],
  ['E1011', 'E109'],
  ['E10641', 'E109'],
  ['E1100', 'E119'],
  ['E1101', 'E119'],
  ['E1110', 'E119'],
  ['E1111', 'E119'],
  ['E11641', 'E119'],
  ['E1300', 'E139'],
  ['E1301', 'E139'],
  ['E1310', 'E139'],
  ['E1311', 'E139'],
  ['E13641', 'E139'],
  ['G7001', 'G7000'],
  ['J440', 'J449'],
  ['J441', 'J449'],
  ['J4521', 'J4520'],
  ['J4522', 'J4520'],
  ['J4531', 'J4530'],
  ['J4532', 'J4530'],
  ['J4541', 'J4540'],
  ['J4542', 'J4540'],
  ['J4551', 'J4550'],
  ['J4552', 'J4550'],
  ['J45901', 'J45909'],
  ['J45902', 'J45909'],
];
const COUNTERPART_OF = new Map(CHRONIC_COUNTERPARTS);

/** Codes retired as billable in FY2026 whose condition has a new unspecified code (G35 -> G35.D, ICD-10-CM FY2026 addenda). */
const RETIRED_TO_CURRENT = new Map([['G35', 'G35D']]);

/**
 * The code a coded diagnosis recaptures as: itself, its chronic counterpart, or undefined when the
 * code describes an episode, an injury (chapter 19, S00-T88, coded per encounter), or a
 * code the FY2026 catalog no longer bills (`isBillable` decides the last).
 */
export function recaptureCode(code: string): string {
  return COUNTERPART_OF.get(code) ?? RETIRED_TO_CURRENT.get(code) ?? code;
}

/** Injury, poisoning and external-cause codes are coded for the encounter that treats them, never carried forward. */
export function isEpisodeOfCareCode(code: string): boolean {
  return code.startsWith('S') || code.startsWith('T');
}

/** Whether a code in the given HCCs is chronic enough to recapture. */
export function isChronic(code: string, hccs: readonly number[], model: SuspectingModel): boolean {
  if (hccs.length === 0 || isEpisodeOfCareCode(code)) return false;
  if (CHRONIC_CODES_IN_ACUTE_HCCS.some((prefix) => code.startsWith(prefix))) return true;
  return hccs.every((hcc) => !ACUTE_HCCS[model].has(hcc));
}

/**
 * Lasting conditions whose own codes may carry no payment HCC but that combine with others under the
 * ICD-10-CM "with" convention (Guidelines I.A.15; I.C.4.a diabetes with CKD, neuropathy, angiopathy;
 * I.C.9.a hypertension with heart and kidney disease): chronic kidney disease of any stage,
 * hypertension, diabetes, polyneuropathy and peripheral vascular disease. An old active row of one of
 * these is still current, so that its combination code (E11.22, I12.9, I13.0 ...) can be formed.
 */
export const COMBINING_CHRONIC_PREFIXES = [
  'N18',
  'I10',
  'I11',
  'I12',
  'I13',
  'I15',
  'E08',
  'E09',
  'E10',
  'E11',
  'E13',
  'G60',
  'G62',
  'G63',
  'I70',
  'I73',
];

/** Whether a code is one of the lasting conditions that combine with others (see above). */
export function isCombiningChronicCondition(code: string): boolean {
  return COMBINING_CHRONIC_PREFIXES.some((prefix) => code.startsWith(prefix));
}
