/**
 * Drug names the medication rules read: ingredient words and US brand names, each resolved to
 * ingredients. Matching is by whole words of the medication's display, lower case; `requires` lists
 * words that must also appear (e.g. `haloperidol` counts as a long-acting injectable only with
 * `decanoate`). Brands are from the FDA labels (Drugs@FDA).
 */
export interface DrugName {
  /** The word that identifies the drug. */
  word: string;
  /** Ingredients it stands for (defaults to the word itself). */
  ingredients?: readonly string[];
  /** Further words that must appear for the name to count. */
  requires?: readonly string[];
}

const names = (words: string, ingredients?: readonly string[]): DrugName[] =>
  words.split(' ').map((word) => (ingredients ? { word, ingredients } : { word }));

export const DRUG_NAMES: readonly DrugName[] = [
  // Oral anticoagulants.
  ...names('warfarin apixaban rivaroxaban dabigatran edoxaban betrixaban'),
  ...names('coumadin jantoven', ['warfarin']),
  ...names('eliquis', ['apixaban']),
  ...names('xarelto', ['rivaroxaban']),
  ...names('pradaxa', ['dabigatran']),
  ...names('savaysa', ['edoxaban']),
  // Insulins (every insulin product is named "insulin ..." in RxNorm; brands for displays that are not).
  ...names('insulin glargine lispro aspart detemir degludec glulisine isophane', ['insulin']),
  ...names(
    'lantus basaglar toujeo semglee rezvoglar humalog admelog lyumjev novolog fiasp levemir tresiba humulin novolin apidra afrezza',
    ['insulin'],
  ),
  // Glucose-lowering drugs used only for diabetes.
  ...names('glipizide glyburide glimepiride chlorpropamide tolbutamide tolazamide', ['sulfonylurea']),
  ...names('glucotrol diabeta glynase amaryl', ['sulfonylurea']),
  ...names('sitagliptin saxagliptin linagliptin alogliptin januvia janumet onglyza tradjenta nesina', [
    'dpp4-inhibitor',
  ]),
  ...names('pioglitazone rosiglitazone actos avandia', ['thiazolidinedione']),
  ...names('repaglinide nateglinide prandin starlix', ['meglitinide']),
  ...names('acarbose miglitol precose', ['alpha-glucosidase-inhibitor']),
  ...names('pramlintide symlin', ['amylin-analogue']),
  ...names('dulaglutide exenatide lixisenatide trulicity byetta bydureon adlyxin soliqua', ['glp1-diabetes']),
  ...names('ozempic rybelsus victoza mounjaro xultophy', ['glp1-diabetes']),
  // Glucose-lowering drugs with other common indications (prediabetes, PCOS, heart failure, CKD, obesity).
  ...names('metformin glucophage', ['metformin']),
  ...names('canagliflozin dapagliflozin empagliflozin ertugliflozin bexagliflozin sotagliflozin', ['sglt2-inhibitor']),
  ...names('invokana farxiga jardiance steglatro synjardy xigduo', ['sglt2-inhibitor']),
  ...names('semaglutide liraglutide tirzepatide', ['glp1-generic']),
  ...names('wegovy saxenda zepbound', ['glp1-obesity']),
  // Parkinson's disease.
  ...names('levodopa sinemet rytary stalevo duopa inbrija crexont dhivy', ['levodopa']),
  // Dementia.
  ...names('donepezil rivastigmine galantamine memantine'),
  ...names('aricept', ['donepezil']),
  ...names('exelon', ['rivastigmine']),
  ...names('razadyne', ['galantamine']),
  ...names('namenda', ['memantine']),
  ...names('namzaric', ['memantine', 'donepezil']),
  // Antiretrovirals: ingredients, then fixed-dose brands.
  ...names(
    'emtricitabine tenofovir lamivudine entecavir adefovir bictegravir dolutegravir raltegravir elvitegravir cabotegravir efavirenz rilpivirine doravirine nevirapine etravirine darunavir atazanavir lopinavir fosamprenavir tipranavir ritonavir cobicistat maraviroc enfuvirtide fostemsavir ibalizumab zidovudine abacavir lenacapavir islatravir',
  ),
  ...names('truvada descovy', ['emtricitabine', 'tenofovir']),
  ...names('viread vemlidy', ['tenofovir']),
  ...names('epivir', ['lamivudine']),
  ...names('apretude vocabria', ['cabotegravir']),
  ...names('yeztugo sunlenca', ['lenacapavir']),
  ...names('biktarvy', ['bictegravir', 'emtricitabine', 'tenofovir']),
  ...names('genvoya stribild', ['elvitegravir', 'cobicistat', 'emtricitabine', 'tenofovir']),
  ...names('odefsey complera', ['rilpivirine', 'emtricitabine', 'tenofovir']),
  ...names('atripla', ['efavirenz', 'emtricitabine', 'tenofovir']),
  ...names('symtuza', ['darunavir', 'cobicistat', 'emtricitabine', 'tenofovir']),
  ...names('triumeq', ['dolutegravir', 'abacavir', 'lamivudine']),
  ...names('dovato', ['dolutegravir', 'lamivudine']),
  ...names('juluca', ['dolutegravir', 'rilpivirine']),
  ...names('cabenuva', ['cabotegravir', 'rilpivirine']),
  ...names('tivicay', ['dolutegravir']),
  ...names('isentress', ['raltegravir']),
  ...names('prezista prezcobix', ['darunavir']),
  ...names('reyataz evotaz', ['atazanavir']),
  ...names('edurant', ['rilpivirine']),
  ...names('pifeltro', ['doravirine']),
  ...names('delstrigo', ['doravirine', 'lamivudine', 'tenofovir']),
  ...names('symfi', ['efavirenz', 'lamivudine', 'tenofovir']),
  ...names('cimduo temixys', ['lamivudine', 'tenofovir']),
  ...names('combivir trizivir retrovir', ['zidovudine']),
  ...names('epzicom ziagen', ['abacavir']),
  ...names('kaletra', ['lopinavir', 'ritonavir']),
  ...names('rukobia', ['fostemsavir']),
  ...names('selzentry', ['maraviroc']),
  ...names('fuzeon', ['enfuvirtide']),
  ...names('trogarzo', ['ibalizumab']),
  ...names('sustiva', ['efavirenz']),
  ...names('intelence', ['etravirine']),
  // Conventional DMARDs.
  ...names('methotrexate hydroxychloroquine leflunomide sulfasalazine'),
  ...names('trexall otrexup rasuvo xatmep', ['methotrexate']),
  ...names('plaquenil', ['hydroxychloroquine']),
  ...names('arava', ['leflunomide']),
  ...names('azulfidine', ['sulfasalazine']),
  // Lithium, clozapine and long-acting injectable antipsychotics.
  ...names('lithium lithobid eskalith', ['lithium']),
  ...names('clozapine clozaril versacloz fazaclo', ['clozapine']),
  { word: 'haloperidol', ingredients: ['haloperidol-decanoate'], requires: ['decanoate'] },
  { word: 'fluphenazine', ingredients: ['fluphenazine-decanoate'], requires: ['decanoate'] },
  { word: 'paliperidone', ingredients: ['paliperidone-palmitate'], requires: ['palmitate'] },
  ...names('sustenna trinza hafyera erzofri', ['paliperidone-palmitate']),
  { word: 'olanzapine', ingredients: ['olanzapine-pamoate'], requires: ['pamoate'] },
  ...names('relprevv', ['olanzapine-pamoate']),
  ...names('consta perseris uzedy rykindo', ['risperidone-long-acting']),
  { word: 'risperidone', ingredients: ['risperidone-long-acting'], requires: ['injectable'] },
  { word: 'risperidone', ingredients: ['risperidone-long-acting'], requires: ['injection'] },
  ...names('maintena asimtufii aristada lauroxil', ['aripiprazole-long-acting']),
  { word: 'aripiprazole', ingredients: ['aripiprazole-long-acting'], requires: ['injectable'] },
  { word: 'aripiprazole', ingredients: ['aripiprazole-long-acting'], requires: ['injection'] },
  // Multiple sclerosis disease-modifying therapies (only those with no other labelled indication).
  ...names('ocrelizumab ublituximab fingolimod siponimod ponesimod teriflunomide glatiramer', ['ms-therapy']),
  ...names('ocrevus briumvi gilenya tascenso mayzent ponvory aubagio copaxone glatopa', ['ms-therapy']),
  ...names('avonex rebif betaseron extavia plegridy tecfidera vumerity bafiertam kesimpta mavenclad lemtrada', [
    'ms-therapy',
  ]),
  { word: 'interferon', ingredients: ['ms-therapy'], requires: ['beta'] },
  // Peginterferon alfa treats hepatitis B and C; only peginterferon beta-1a is an MS therapy.
  { word: 'peginterferon', ingredients: ['ms-therapy'], requires: ['beta'] },
  { word: 'dimethyl', ingredients: ['ms-therapy'], requires: ['fumarate'] },
  { word: 'diroximel', ingredients: ['ms-therapy'], requires: ['fumarate'] },
  { word: 'monomethyl', ingredients: ['ms-therapy'], requires: ['fumarate'] },
  // Opioid and alcohol use disorder pharmacotherapy.
  { word: 'buprenorphine', ingredients: ['buprenorphine-naloxone'], requires: ['naloxone'] },
  ...names('suboxone zubsolv bunavail', ['buprenorphine-naloxone']),
  ...names('sublocade brixadi subutex', ['buprenorphine-oud']),
  ...names('acamprosate campral', ['acamprosate']),
  ...names('disulfiram antabuse', ['disulfiram']),
  // Single-indication drugs.
  ...names('roflumilast daliresp', ['roflumilast']),
  ...names('sacubitril entresto', ['sacubitril']),
  ...names('ivabradine corlanor', ['ivabradine']),
  ...names('riluzole rilutek tiglutik exservan', ['riluzole']),
  ...names('mesalamine mesalazine asacol lialda apriso pentasa delzicol canasa rowasa', ['aminosalicylate-uc']),
  ...names('balsalazide colazal olsalazine dipentum', ['aminosalicylate-uc']),
  // Inhaled long-acting muscarinic antagonists (COPD maintenance; tiotropium also asthma). Oral
  // glycopyrrolate treats drooling and ulcers: only its inhaled forms count.
  ...names('tiotropium spiriva stiolto umeclidinium incruse anoro trelegy aclidinium tudorza duaklir', ['lama']),
  ...names('revefenacin yupelri seebri lonhala bevespi breztri', ['lama']),
  { word: 'glycopyrrolate', ingredients: ['lama'], requires: ['inhalation'] },
  { word: 'glycopyrrolate', ingredients: ['lama'], requires: ['inhaler'] },
  { word: 'glycopyrronium', ingredients: ['lama'], requires: ['inhalation'] },
  // Loop diuretics, and the beta blockers shown to lower heart-failure mortality (metoprolol only as succinate).
  ...names('furosemide lasix torsemide torasemide demadex soaanz bumetanide bumex', ['loop-diuretic']),
  ...names('carvedilol coreg bisoprolol toprol', ['hf-beta-blocker']),
  { word: 'metoprolol', ingredients: ['hf-beta-blocker'], requires: ['succinate'] },
  // Cytotoxic chemotherapy and checkpoint inhibitors, used only for cancer (cyclophosphamide and
  // methotrexate also treat autoimmune disease and are left out; fluorouracil also comes as a skin cream).
  ...names('cisplatin carboplatin oxaliplatin paclitaxel docetaxel cabazitaxel abraxane taxol taxotere', [
    'chemotherapy',
  ]),
  ...names('etoposide doxorubicin epirubicin daunorubicin gemcitabine pemetrexed irinotecan topotecan', [
    'chemotherapy',
  ]),
  ...names('vinorelbine vincristine vinblastine capecitabine xeloda temozolomide ifosfamide bendamustine', [
    'chemotherapy',
  ]),
  ...names('pembrolizumab keytruda nivolumab opdivo atezolizumab tecentriq durvalumab imfinzi cemiplimab', [
    'chemotherapy',
  ]),
  { word: 'fluorouracil', ingredients: ['chemotherapy'], requires: ['injection'] },
  { word: 'fluorouracil', ingredients: ['chemotherapy'], requires: ['injectable'] },
  // Androgen-receptor pathway inhibitors: prostate cancer only.
  ...names('abiraterone zytiga yonsa enzalutamide xtandi apalutamide erleada darolutamide nubeqa', [
    'androgen-pathway-inhibitor',
  ]),
  // Aromatase inhibitors: breast cancer (letrozole also induces ovulation).
  ...names('anastrozole arimidex letrozole femara exemestane aromasin', ['aromatase-inhibitor']),
];

/**
 * RxNorm codes of drugs the rules read, each checked against its RxNorm name in public records
 * (Synthea's RxNorm-coded bundles and independent uses). Deliberately short: a wrong code would
 * misread a drug, and a code not listed here falls back to the display name, which every record has.
 */
export const RXNORM_INGREDIENTS: Readonly<Record<string, readonly string[]>> = {
  '11289': ['warfarin'], // warfarin (ingredient)
  '855332': ['warfarin'], // Warfarin Sodium 5 MG Oral Tablet
  '6809': ['metformin'], // metformin (ingredient)
  '860975': ['metformin'], // 24 HR Metformin hydrochloride 500 MG Extended Release Oral Tablet
  '106892': ['insulin'], // insulin isophane 70 / regular 30 UNT/ML Injectable Suspension [Humulin]
  '311041': ['insulin'], // insulin glargine 100 UNT/ML Injectable Solution
  '1364445': ['apixaban'], // apixaban 5 MG Oral Tablet
  '310436': ['galantamine'], // Galantamine 4 MG Oral Tablet
  '996740': ['memantine'], // Memantine hydrochloride 2 MG/ML Oral Solution
};
