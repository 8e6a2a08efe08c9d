/**
 * Age and sex edits that ICD-10-CM itself implies, as code prefixes with their source.
 *
 * Sex: categories, subcategories and codes whose tabular title names a sex-specific organ or state (a section title
 * such as "Malignant neoplasms of female genital organs (C51-C58)" or "Diseases of male genital organs (N40-N53)", or a
 * code title such as "right female breast"). Modelled on the CMS Medicare Code Editor's "Diagnoses for females only"
 * and "Diagnoses for males only" lists (Definitions of Medicare Code Edits, section 5) but taken from the tabular's own
 * titles: the FY2026 MCE lists were not available here. CMS deactivated the MCE sex-conflict edit on 2024-10-01, so a
 * sex mismatch is reported as a warning to check the record, not as an invalid code.
 *
 * Age: the MCE age-conflict lists (section 4), which CMS still applies: maternity diagnoses, ages 9-64 (4C; the range
 * of the current definitions, v41 on, and the MCE_AGE_CONDITION `9 <= age <= 64` of CMS's V28 PY2026 mapping for C58
 * and F53; earlier versions used 12-55), and perinatal/newborn diagnoses, age 0 (4A). The non-chapter-15 codes of
 * both lists below are those of the MCE v37 (FY2020) lists, checked against the FY2026 codes. Chapter 16 (P00-P96) is
 * NOT an age edit: ICD-10-CM guideline I.C.16.a.4 lets a perinatal code be used at any age when the condition
 * originated in the perinatal period, and the MCE newborn list has not held chapter 16 since v34 (FY2017); such a code
 * is only worth a reminder beyond the first year.
 */

export type EditSex = 'F' | 'M';

export interface SexRule {
  prefixes: readonly string[];
  sex: EditSex;
  /** Why, in the tabular's words. */
  reason: string;
}

export const SEX_RULES: readonly SexRule[] = [
  { sex: 'F', prefixes: ['O'], reason: 'Chapter 15, Pregnancy, childbirth and the puerperium (O00-O9A)' },
  { sex: 'F', prefixes: ['A34'], reason: 'Obstetrical tetanus' },
  {
    sex: 'F',
    prefixes: ['C51', 'C52', 'C53', 'C54', 'C55', 'C56', 'C57', 'C58'],
    reason: 'Malignant neoplasms of female genital organs (C51-C58)',
  },
  { sex: 'F', prefixes: ['C796'], reason: 'Secondary malignant neoplasm of ovary' },
  {
    sex: 'F',
    prefixes: ['D06', 'D070', 'D071', 'D072', 'D073'],
    reason: 'Carcinoma in situ of cervix uteri, endometrium, vulva, vagina or other female genital organs',
  },
  {
    sex: 'F',
    prefixes: ['D25', 'D26', 'D27', 'D28'],
    reason: 'Benign neoplasms of uterus, ovary and other female genital organs',
  },
  { sex: 'F', prefixes: ['D39'], reason: 'Neoplasm of uncertain behavior of female genital organs' },
  { sex: 'F', prefixes: ['E28', 'E894'], reason: 'Ovarian dysfunction; postprocedural ovarian failure' },
  { sex: 'F', prefixes: ['F5222', 'F5231'], reason: 'Female sexual arousal and orgasmic disorders' },
  { sex: 'F', prefixes: ['F53'], reason: 'Mental and behavioral disorders associated with the puerperium' },
  { sex: 'F', prefixes: ['M830'], reason: 'Puerperal osteomalacia' },
  {
    sex: 'F',
    prefixes: ['N7', 'N8', 'N90', 'N91', 'N92', 'N93', 'N94', 'N95', 'N96', 'N97', 'N98'],
    reason:
      'Inflammatory diseases of female pelvic organs (N70-N77); noninflammatory disorders of female genital tract (N80-N98)',
  },
  {
    sex: 'F',
    prefixes: ['N992', 'N993', 'N9985'],
    reason: 'Postprocedural adhesions of vagina, prolapse of vaginal vault, post endometrial ablation syndrome',
  },
  {
    sex: 'F',
    prefixes: ['Q50', 'Q51', 'Q52'],
    reason: 'Congenital malformations of ovaries, fallopian tubes, uterus, cervix, vagina and vulva',
  },
  {
    sex: 'F',
    prefixes: ['Q96', 'Q97'],
    reason: "Turner's syndrome; other sex chromosome abnormalities, female phenotype",
  },
  { sex: 'F', prefixes: ['R87'], reason: 'Abnormal findings in specimens from female genital organs' },
  {
    sex: 'F',
    prefixes: ['Z0141', 'Z0142', 'Z124', 'Z1272', 'Z1273'],
    reason: 'Gynecological examination, cervical smear, screening for cervical, vaginal or ovarian cancer',
  },
  {
    sex: 'F',
    prefixes: ['Z0371', 'Z0372', 'Z0373', 'Z0374', 'Z0375', 'Z0379', 'Z3201', 'Z33', 'Z34', 'Z36', 'Z37', 'Z39', 'Z3A'],
    reason: 'Pregnancy, delivery and postpartum encounters and status',
  },
  { sex: 'F', prefixes: ['Z3043', 'Z975'], reason: 'Intrauterine contraceptive device' },
  { sex: 'F', prefixes: ['Z4002', 'Z4003'], reason: 'Prophylactic removal of ovary or fallopian tube' },
  {
    sex: 'F',
    prefixes: ['Z8540', 'Z8541', 'Z8542', 'Z8543', 'Z8544'],
    reason: 'Personal history of malignant neoplasm of female genital organs',
  },
  {
    sex: 'F',
    prefixes: ['Z8742', 'Z875'],
    reason: 'Personal history of diseases of female genital tract or complications of pregnancy',
  },
  { sex: 'F', prefixes: ['Z9071', 'Z9072'], reason: 'Acquired absence of cervix, uterus or ovaries' },
  { sex: 'F', prefixes: ['Z9851'], reason: 'Tubal ligation status' },
  { sex: 'M', prefixes: ['C60', 'C61', 'C62', 'C63'], reason: 'Malignant neoplasms of male genital organs (C60-C63)' },
  {
    sex: 'M',
    prefixes: ['D074', 'D075', 'D076'],
    reason: 'Carcinoma in situ of penis, prostate or other male genital organs',
  },
  {
    sex: 'M',
    prefixes: ['D29', 'D40'],
    reason: 'Benign neoplasm / neoplasm of uncertain behavior of male genital organs',
  },
  { sex: 'M', prefixes: ['E29', 'E895'], reason: 'Testicular dysfunction; postprocedural testicular hypofunction' },
  { sex: 'M', prefixes: ['F5221', 'F5232'], reason: 'Male erectile disorder; male orgasmic disorder' },
  { sex: 'M', prefixes: ['N4', 'N50', 'N51', 'N52', 'N53'], reason: 'Diseases of male genital organs (N40-N53)' },
  {
    sex: 'M',
    prefixes: ['Q53', 'Q54', 'Q55'],
    reason: 'Undescended testicle, hypospadias, other congenital malformations of male genital organs',
  },
  { sex: 'M', prefixes: ['Q98'], reason: 'Other sex chromosome abnormalities, male phenotype' },
  { sex: 'M', prefixes: ['R86'], reason: 'Abnormal findings in specimens from male genital organs' },
  { sex: 'M', prefixes: ['Z125', 'Z1271'], reason: 'Screening for malignant neoplasm of prostate or testis' },
  {
    sex: 'M',
    prefixes: ['Z8545', 'Z8546', 'Z8547', 'Z8548', 'Z8549'],
    reason: 'Personal history of malignant neoplasm of male genital organs',
  },
  { sex: 'M', prefixes: ['Z9852'], reason: 'Vasectomy status' },
];

/**
 * Titles that name a sex-specific organ or state outside the prefixes above (e.g. `S37.4` "Injury of ovary",
 * `A54.22` "Gonococcal prostatitis", `C50.011` "... right female breast"). A title naming both sexes ("Stress
 * incontinence (female) (male)") gives no edit. Not applied where the words describe someone other than the patient:
 * chapter 16 (the newborn affected by the mother's condition), chapter 20 external causes (the perpetrator), family
 * history (Z80-Z84) and liveborn infants by place of birth (Z38).
 */
export const FEMALE_TITLE_WORDS =
  /\b(female|vulva|vulvar|vulval|vulvae|vulvovaginitis|vagina|vaginal|vaginismus|uterus|uterine|uteri|ovary|ovaries|ovarian|fallopian|endometrium|endometrial|menstrual|menstruation|menopausal|menopause|gynecological|pregnancy|pregnant|puerperium)\b/i;
export const MALE_TITLE_WORDS =
  /\b(male|prostate|prostatic|prostatitis|penis|penile|scrotum|scrotal|scroti|testis|testes|testicle|testicular|spermatic|epididymis|epididymitis|seminal)\b/i;
export const TITLE_WORDS_DO_NOT_APPLY = ['P', 'V', 'W', 'X', 'Y', 'Z80', 'Z81', 'Z82', 'Z83', 'Z84', 'Z38'] as const;

export interface AgeRule {
  prefixes: readonly string[];
  minAge: number;
  maxAge: number;
  reason: string;
}

export const AGE_RULES: readonly AgeRule[] = [
  {
    prefixes: [
      'O',
      'A34',
      'C58',
      'D392',
      'F53',
      'M830',
      'Z037',
      'Z3201',
      'Z331',
      'Z332',
      'Z333',
      'Z34',
      'Z36',
      'Z37',
      'Z39',
      'Z3A',
    ],
    minAge: 9,
    maxAge: 64,
    reason: 'Maternity diagnosis: Medicare Code Editor age range 9-64 (Definitions of Medicare Code Edits, 4C)',
  },
  {
    prefixes: ['A33', 'E8411', 'H0453', 'N470', 'Z0011', 'Z05', 'Z38'],
    minAge: 0,
    maxAge: 0,
    reason: 'Perinatal/newborn diagnosis: Medicare Code Editor age 0 only (Definitions of Medicare Code Edits, 4A)',
  },
];

/** Chapter 16 codes: a reminder past the first year of life, never an invalid code (guideline I.C.16.a.4). */
export const PERINATAL_REMINDER = {
  prefix: 'P',
  fromAge: 1,
  reason:
    'Perinatal code (chapter 16, P00-P96): valid at any age only when the condition originated in the perinatal period (ICD-10-CM guideline I.C.16.a.4)',
} as const;
