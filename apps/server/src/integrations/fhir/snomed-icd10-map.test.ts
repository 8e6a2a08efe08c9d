import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHccModel, getIcdCatalog, referenceDataDir } from '@cairn/clinical';
import { describe, expect, it } from 'vitest';
import { snomedIcdMap } from './snomed-icd10-map';

const FIXTURES = join(import.meta.dirname, '..', '..', 'testing', 'fixtures', 'synthea');
const METHODS = new Set(['same-concept', 'unspecified-default', 'index-default', 'closest', 'history-z']);

function fixtureConditionCodes(): Set<string> {
  const codes = new Set<string>();
  for (const file of readdirSync(FIXTURES).filter((name) => name.endsWith('.json'))) {
    const bundle = JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as {
      entry: { resource: { resourceType: string; code?: { coding?: { system?: string; code: string }[] } } }[];
    };
    for (const { resource } of bundle.entry) {
      if (resource.resourceType !== 'Condition') continue;
      for (const coding of resource.code?.coding ?? []) {
        if (coding.system === 'http://snomed.info/sct') codes.add(coding.code);
      }
    }
  }
  return codes;
}

describe('the SNOMED CT to ICD-10-CM map', () => {
  const map = snomedIcdMap();

  it('covers every SNOMED CT code of a Condition in the Synthea fixtures', () => {
    const codes = fixtureConditionCodes();
    expect(codes.size).toBeGreaterThan(40);
    expect([...codes].filter((code) => !map.has(code))).toEqual([]);
  });

  it('covers the chronic conditions of primary care beyond the fixtures', () => {
    expect(map.get('433144002')?.icdCode).toBe('N1830');
    expect(map.get('13645005')?.icdCode).toBe('J449');
    expect(map.get('55822004')?.icdCode).toBe('E785');
    expect(map.get('59621000')?.icdCode).toBe('I10');
  });

  it('targets only codes that are billable in FY2026, each with how it was chosen', () => {
    const catalog = getIcdCatalog();
    const notBillable = [...map.values()].filter((row) => !catalog.isBillable(row.icdCode));
    expect(notBillable.map((row) => row.icdCode)).toEqual([]);
    expect([...map.values()].filter((row) => !METHODS.has(row.method))).toEqual([]);
  });
});

/**
 * SNOMED CT codes of `synthea-condition-codes-r4.tsv` that have no row on purpose: none denotes a
 * condition of a CMS-HCC payment category under any ICD-10-CM target.
 */
const LEFT_UNMAPPED: Record<string, string> = {
  '72892002': 'normal pregnancy (Z34: no HCC)',
  '68496003': 'polyp of colon (K63.5: no HCC)',
  '44465007': 'sprain of ankle (S93.4: no HCC)',
  '65363002': 'otitis media (H66.9: no HCC)',
  '124171000119105': 'chronic migraine (G43.7: no HCC)',
  '196416002': 'impacted molars (K01.1: no HCC)',
  '82423001': 'chronic pain (G89.29: no HCC)',
  '55680006': 'drug overdose (T50.90: no HCC)',
  '39848009': 'whiplash (S13.4: no HCC)',
  '75498004': 'acute bacterial sinusitis (J01.9: no HCC)',
  '70704007': 'sprain of wrist (S63.5: no HCC)',
  '232353008': 'allergic rhinitis (J30: no HCC)',
  '284549007': 'laceration of hand (S61: no HCC)',
  '713197008': 'rectal polyp (K62.1: no HCC)',
  '263102004': 'fracture subluxation of wrist (S62: no HCC)',
  '446096008': 'allergic rhinitis (J30: no HCC)',
  '58150001': 'fracture of clavicle (S42.0: no HCC)',
  '156073000': 'fetus with unknown complication (O36.9: no HCC)',
  '239872002': 'osteoarthritis of hip (M16: no HCC)',
  '283371005': 'laceration of forearm (S51: no HCC)',
  '284551006': 'laceration of foot (S91: no HCC)',
  '198992004': 'antepartum eclampsia (O15.0: no HCC)',
  '398254007': 'preeclampsia (O14.9: no HCC)',
  '79586000': 'tubal pregnancy (O00.1: no HCC)',
  '35999006': 'blighted ovum (O02.0: no HCC)',
  '92691004': 'carcinoma in situ of prostate (D07.5: no HCC)',
  '301011002': 'E. coli urinary tract infection (N39.0: no HCC)',
  '370247008': 'facial laceration (S01: no HCC)',
  '24079001': 'atopic dermatitis (L20.9: no HCC)',
  '241929008': 'acute allergic reaction (T78.40: no HCC)',
  '192127007': 'attention deficit disorder (F90: no HCC)',
  '449868002': 'smokes tobacco daily (F17.2: no HCC)',
  '367498001': 'seasonal allergic rhinitis (J30.2: no HCC)',
  '33737001': 'fracture of rib (S22.3: no HCC)',
  '16114001': 'fracture of ankle (S82.8: no HCC)',
  '233604007': 'pneumonia, organism not given (J18.9: no V28 HCC)',
  '197927001': 'recurrent urinary tract infection (N39.0: no HCC)',
  '444470001': 'injury of anterior cruciate ligament (S83.5: no HCC)',
  '162573006': 'suspected lung cancer: uncertain, not coded in outpatient care (Guidelines IV.H)',
  '444448004': 'injury of medial collateral ligament (S83.4: no HCC)',
  '262574004': 'bullet wound (open wound by site: no HCC)',
  '40275004': 'contact dermatitis (L25.9: no HCC)',
  '6072007': 'bleeding from anus (K62.5: no HCC)',
  '236077008': 'protracted diarrhea (R19.7: no HCC)',
  '47505003': 'post-traumatic stress disorder (F43.10: no HCC)',
  '30832001': 'rupture of patellar tendon (S76.1: no HCC)',
  '48333001': 'burn injury (T30.0: no HCC)',
  '65275009': 'acute cholecystitis (K81.0: no HCC)',
  '235919008': 'cholelithiasis (K80.20: no HCC)',
  '95417003': 'fibromyalgia (M79.7: no HCC)',
};

function syntheaConditionCodes(): string[] {
  const tsv = readFileSync(join(referenceDataDir(), 'snomed-icd10', 'synthea-condition-codes-r4.tsv'), 'utf8');
  return tsv
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t')[0] ?? '')
    .filter((code) => code !== '');
}

describe('the SNOMED CT codes of a Synthea population (issue 18)', () => {
  const map = snomedIcdMap();
  const codes = syntheaConditionCodes();

  it('maps every code but those listed as denoting no HCC condition', () => {
    expect(codes.length).toBeGreaterThan(120);
    expect(codes.filter((code) => !map.has(code) && !(code in LEFT_UNMAPPED))).toEqual([]);
    expect(Object.keys(LEFT_UNMAPPED).filter((code) => map.has(code) || !codes.includes(code))).toEqual([]);
  });

  it('maps the HCC conditions it used to store uncoded to codes of their payment HCC', () => {
    const v28 = getHccModel('v28');
    const hccOf = (snomed: string) => v28.conditionCategories(map.get(snomed)?.icdCode ?? '');
    expect(hccOf('698754002')).toEqual([254]); // chronic paralysis from a spinal cord lesion
    expect(hccOf('424132000')).toEqual([20]); // non-small cell lung cancer
    expect(hccOf('254632001')).toEqual([20]); // small cell lung cancer
    expect(hccOf('109838007')).toEqual([22]); // overlapping malignant neoplasm of colon
    expect(hccOf('94260004')).toEqual([17]); // secondary malignant neoplasm of colon
    expect(hccOf('314994000')).toEqual([18]); // metastasis from prostate cancer
    expect(hccOf('408512008')).toEqual([48]); // BMI 40+
    expect(hccOf('1501000119109')).toEqual([37, 298]); // proliferative diabetic retinopathy
  });
});
