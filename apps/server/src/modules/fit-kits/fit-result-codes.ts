/**
 * The LOINC codes of a stool test that meets CMS130 (Colorectal Cancer Screening): VSAC's expansions of
 * "Fecal Occult Blood Test (FOBT)" (2.16.840.1.113883.3.464.1003.198.12.1011, guaiac and immunochemical:
 * the FIT of FIT outreach) and "sDNA FIT Test" (2.16.840.1.113883.3.464.1003.108.12.1039), as shipped in
 * `data/ecqm/valuesets` (cqframework/ecqm-content-qicore-2024, CC0; measurement period 2025). A test holds
 * this list to those files, so that a new year's content that changes them is noticed.
 */
export const FOBT_CODES: Readonly<Record<string, string>> = {
  '12503-9': 'Hemoglobin.gastrointestinal [Presence] in Stool --4th specimen',
  '12504-7': 'Hemoglobin.gastrointestinal [Presence] in Stool --5th specimen',
  '14563-1': 'Hemoglobin.gastrointestinal [Presence] in Stool --1st specimen',
  '14564-9': 'Hemoglobin.gastrointestinal [Presence] in Stool --2nd specimen',
  '14565-6': 'Hemoglobin.gastrointestinal [Presence] in Stool --3rd specimen',
  '2335-8': 'Hemoglobin.gastrointestinal [Presence] in Stool',
  '27396-1': 'Hemoglobin.gastrointestinal [Mass/mass] in Stool',
  '27401-9': 'Hemoglobin.gastrointestinal [Presence] in Stool --6th specimen',
  '27925-7': 'Hemoglobin.gastrointestinal [Presence] in Stool --7th specimen',
  '27926-5': 'Hemoglobin.gastrointestinal [Presence] in Stool --8th specimen',
  '29771-3': 'Hemoglobin.gastrointestinal.lower [Presence] in Stool by Immunoassay',
  '56490-6': 'Hemoglobin.gastrointestinal.lower [Presence] in Stool by Immunoassay --2nd specimen',
  '56491-4': 'Hemoglobin.gastrointestinal.lower [Presence] in Stool by Immunoassay --3rd specimen',
  '57905-2': 'Hemoglobin.gastrointestinal.lower [Presence] in Stool by Immunoassay --1st specimen',
  '58453-2': 'Hemoglobin.gastrointestinal.lower [Mass/volume] in Stool by Immunoassay',
  '80372-6': 'Hemoglobin.gastrointestinal [Presence] in Stool by Rapid immunoassay',
};

export const SDNA_FIT_CODES: Readonly<Record<string, string>> = {
  '77353-1': 'Noninvasive colorectal cancer DNA and occult blood screening [Interpretation] in Stool Narrative',
  '77354-9': 'Noninvasive colorectal cancer DNA and occult blood screening [Presence] in Stool',
};

/** Every code a FIT result may come as, with its LOINC display. */
export const FIT_RESULT_CODES: Readonly<Record<string, string>> = { ...FOBT_CODES, ...SDNA_FIT_CODES };

export function isFitResultCode(loinc: string): boolean {
  return Object.hasOwn(FIT_RESULT_CODES, loinc);
}
