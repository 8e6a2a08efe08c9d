/**
 * Encounter value sets of the eCQMs' initial populations (subsets of VSAC; OIDs as named in the
 * measures' CQL, cqframework/ecqm-content-qicore-2025 and -2024). See ../README.md.
 */
import { defineCodeList, unionCodeLists } from '../code-list';

const OFFICE_VISIT_CPT = ['99202', '99203', '99204', '99205', '99212', '99213', '99214', '99215'];

/** Office Visit: the full 2025 expansion (14 codes). */
export const OFFICE_VISIT = defineCodeList({
  name: 'Office Visit',
  oid: '2.16.840.1.113883.3.464.1003.101.12.1001',
  codes: {
    CPT: OFFICE_VISIT_CPT,
    SNOMED: ['185349003', '185463005', '185464004', '185465003', '3391000175108', '439740005'],
  },
});

/** Annual Wellness Visit: the full 2025 expansion (8 codes). */
export const ANNUAL_WELLNESS_VISIT = defineCodeList({
  name: 'Annual Wellness Visit',
  oid: '2.16.840.1.113883.3.526.3.1240',
  codes: {
    HCPCS: ['G0402', 'G0438', 'G0439'],
    SNOMED: ['444971000124105', '456201000124103', '86013001', '866149003', '90526000'],
  },
});

export const PREVENTIVE_ESTABLISHED_18_UP = defineCodeList({
  name: 'Preventive Care Services Established Office Visit, 18 and Up',
  oid: '2.16.840.1.113883.3.464.1003.101.12.1025',
  codes: { CPT: ['99395', '99396', '99397'] },
});

export const PREVENTIVE_INITIAL_18_UP = defineCodeList({
  name: 'Preventive Care Services Initial Office Visit, 18 and Up',
  oid: '2.16.840.1.113883.3.464.1003.101.12.1023',
  codes: { CPT: ['99385', '99386', '99387'] },
});

/** Home Healthcare Services: the full 2025 expansion (19 codes). */
export const HOME_HEALTHCARE_SERVICES = defineCodeList({
  name: 'Home Healthcare Services',
  oid: '2.16.840.1.113883.3.464.1003.101.12.1016',
  codes: {
    CPT: ['99341', '99342', '99344', '99345', '99347', '99348', '99349', '99350'],
    SNOMED: [
      ...['185460008', '185462000', '185466002', '185467006', '185468001', '185470005', '225929007'],
      ...['315205008', '439708006', '698704008', '704126008'],
    ],
  },
});

/** Telephone Visits: the full 2025 expansion (11 codes). */
export const TELEPHONE_VISITS = defineCodeList({
  name: 'Telephone Visits',
  oid: '2.16.840.1.113883.3.464.1003.101.12.1080',
  codes: {
    CPT: ['98966', '98967', '98968', '99441', '99442', '99443'],
    SNOMED: ['185317003', '314849005', '386472008', '386473003', '401267002'],
  },
});

/** Virtual Encounter: the full 2025 expansion (16 codes). */
export const VIRTUAL_ENCOUNTER = defineCodeList({
  name: 'Virtual Encounter',
  oid: '2.16.840.1.113883.3.464.1003.101.12.1089',
  codes: {
    CPT: ['98970', '98971', '98972', '98980', '98981', '99421', '99422', '99423', '99457', '99458'],
    HCPCS: ['G0071', 'G2010', 'G2012', 'G2250', 'G2251', 'G2252'],
  },
});

export const NUTRITION_SERVICES = defineCodeList({
  name: 'Nutrition Services',
  oid: '2.16.840.1.113883.3.464.1003.1006',
  codes: { CPT: ['97802', '97803', '97804'], HCPCS: ['G0270', 'G0271'] },
});

/** Outpatient Consultation: the full 2025 expansion (6 codes). */
export const OUTPATIENT_CONSULTATION = defineCodeList({
  name: 'Outpatient Consultation',
  oid: '2.16.840.1.113883.3.464.1003.101.12.1008',
  codes: { CPT: ['99242', '99243', '99244', '99245'], SNOMED: ['281036007', '77406008'] },
});

/** Ophthalmological Services: the full 2025 expansion (8 codes). */
export const OPHTHALMOLOGICAL_SERVICES = defineCodeList({
  name: 'Ophthalmological Services',
  oid: '2.16.840.1.113883.3.526.3.1285',
  codes: { CPT: ['92002', '92004', '92012', '92014'], SNOMED: ['359960003', '36228007', '66902005', '78831002'] },
});

/** AdultOutpatientEncounters."Qualifying Encounters" (CMS125, CMS130, CMS165). */
export const ADULT_OUTPATIENT_ENCOUNTER = unionCodeLists('Adult outpatient encounters', [
  OFFICE_VISIT,
  ANNUAL_WELLNESS_VISIT,
  PREVENTIVE_ESTABLISHED_18_UP,
  PREVENTIVE_INITIAL_18_UP,
  HOME_HEALTHCARE_SERVICES,
  VIRTUAL_ENCOUNTER,
  TELEPHONE_VISITS,
]);

/** CMS122 "Qualifying Encounters": adult outpatient without virtual, plus nutrition services. */
export const DIABETES_HBA1C_ENCOUNTER = unionCodeLists('CMS122 qualifying encounters', [
  OFFICE_VISIT,
  ANNUAL_WELLNESS_VISIT,
  PREVENTIVE_ESTABLISHED_18_UP,
  PREVENTIVE_INITIAL_18_UP,
  HOME_HEALTHCARE_SERVICES,
  NUTRITION_SERVICES,
  TELEPHONE_VISITS,
]);

/** CMS131 "Qualifying Encounters". */
export const EYE_EXAM_ENCOUNTER = unionCodeLists('CMS131 qualifying encounters', [
  OFFICE_VISIT,
  ANNUAL_WELLNESS_VISIT,
  PREVENTIVE_ESTABLISHED_18_UP,
  PREVENTIVE_INITIAL_18_UP,
  HOME_HEALTHCARE_SERVICES,
  OPHTHALMOLOGICAL_SERVICES,
  TELEPHONE_VISITS,
]);

/** CMS951 "Has Outpatient Visit During Measurement Period". */
export const KIDNEY_EVALUATION_ENCOUNTER = unionCodeLists('CMS951 outpatient visits', [
  ANNUAL_WELLNESS_VISIT,
  HOME_HEALTHCARE_SERVICES,
  OFFICE_VISIT,
  OUTPATIENT_CONSULTATION,
  PREVENTIVE_ESTABLISHED_18_UP,
  PREVENTIVE_INITIAL_18_UP,
  TELEPHONE_VISITS,
]);

/** Encounter to Screen for Depression (CMS2), a subset: office, psychiatric, therapy and wellness visits. */
export const DEPRESSION_SCREENING_ENCOUNTER = defineCodeList({
  name: 'Encounter to Screen for Depression',
  oid: '2.16.840.1.113883.3.600.1916',
  codes: {
    CPT: [
      ...OFFICE_VISIT_CPT,
      ...['90791', '90792', '90832', '90834', '90837', '96156', '96158'],
      ...['97161', '97162', '97163', '97165', '97166', '97167', '99483', '99484', '99492', '99493'],
    ],
    HCPCS: ['G0101', 'G0402', 'G0438', 'G0439', 'G0444'],
  },
});

/**
 * Encounter to Evaluate BMI (CMS69): the CPT and HCPCS codes of the 2025 expansion except its dental
 * and nursing-facility codes. Virtual encounters (class VR) never qualify.
 */
export const BMI_ENCOUNTER = defineCodeList({
  name: 'Encounter to Evaluate BMI',
  oid: '2.16.840.1.113883.3.600.1.1751',
  codes: {
    CPT: [
      ...OFFICE_VISIT_CPT,
      ...['90791', '90792', '90832', '90834', '90837', '96156', '96158', '96159', '97161', '97162', '97163'],
      ...['97165', '97166', '97167', '97802', '97803', '99242', '99243', '99244', '99245', '99341', '99342'],
      ...['99344', '99345', '99347', '99348', '99349', '99350', '99385', '99386', '99387', '99395', '99396'],
      ...['99397', '99401', '99402', '99491'],
    ],
    HCPCS: ['G0101', 'G0108', 'G0270', 'G0271', 'G0402', 'G0438', 'G0439', 'G0447', 'G0473'],
  },
});

/** CMS138 "Qualifying Visit During Measurement Period" (two are needed), a subset. */
export const TOBACCO_QUALIFYING_VISIT = unionCodeLists('CMS138 qualifying visits', [
  OFFICE_VISIT,
  HOME_HEALTHCARE_SERVICES,
  OPHTHALMOLOGICAL_SERVICES,
  TELEPHONE_VISITS,
  VIRTUAL_ENCOUNTER,
  defineCodeList({
    name: 'Psych Visit Diagnostic Evaluation / Psychotherapy; health behaviour; therapy evaluations',
    oid: '2.16.840.1.113883.3.526.3.1492+2.16.840.1.113883.3.526.3.1496+direct',
    codes: {
      CPT: ['90791', '90792', '90832', '90834', '90837', '96156', '96158', '97161', '97162', '97163'],
    },
  }),
]);

/** CMS138 "Preventive Visit During Measurement Period" (one is enough), a subset. */
export const TOBACCO_PREVENTIVE_VISIT = unionCodeLists('CMS138 preventive visits', [
  ANNUAL_WELLNESS_VISIT,
  PREVENTIVE_ESTABLISHED_18_UP,
  PREVENTIVE_INITIAL_18_UP,
  NUTRITION_SERVICES,
  defineCodeList({
    name: 'Preventive Care Services Individual/Group Counseling; unlisted preventive; postoperative visit',
    oid: '2.16.840.1.113883.3.464.1003.101.12.1026+2.16.840.1.113883.3.464.1003.101.12.1027+direct',
    codes: { CPT: ['99401', '99402', '99403', '99404', '99411', '99412', '99429', '99024'] },
  }),
]);
