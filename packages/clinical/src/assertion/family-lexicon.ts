import { backward, forward, pseudo, terminate } from './trigger-rule';
import type { TriggerRule } from './trigger-rule';

/**
 * Experiencer triggers: the condition is someone else's (ConText's experiencer "other", Harkema et
 * al. J Biomed Inform 2009;42:839-851; the relatives are those of medspaCy's English ConText rules).
 * We report it as `family`, spouses and partners included, because for the patient's own record the
 * point is the same: it is not the patient's condition.
 */
// prettier-ignore
const RELATIVES = [
  'mother', 'father', 'brother', 'sister', 'sibling', 'son', 'daughter', 'aunt', 'uncle', 'cousin', 'grandmother',
  'grandfather', 'grandparent', 'grandson', 'granddaughter', 'niece', 'nephew', 'mom', 'dad', 'parent', 'husband',
  'wife', 'spouse', 'twin', 'mgm', 'mgf', 'pgm', 'pgf',
];
const RELATIVE_WORDS = [...RELATIVES, ...RELATIVES.map((relative) => `${relative}s`)];

/** "child" alone is not a trigger: in paediatric notes the child is the patient. */
const FAMILY_PRE = [
  ...RELATIVE_WORDS,
  'family history of',
  'family history',
  'family hx',
  'family hx of',
  'fam hx',
  'fh',
  'fh of',
  'fhx',
  'fhx of',
  'family member',
  'family members',
  'relative',
  'relatives',
  'first degree relative',
  'first degree relatives',
  'maternal',
  'paternal',
  'his children',
  'her children',
  'his child',
  'her child',
  'strong family history of',
];

/** "Breast cancer in mother", "Diabetes - father", "MI (father)". */
const FAMILY_POST = [
  ...RELATIVE_WORDS.flatMap((relative) => [
    `in ${relative}`,
    `in his ${relative}`,
    `in her ${relative}`,
    `in the ${relative}`,
    `in a ${relative}`,
    `- ${relative}`,
    `: ${relative}`,
    `(${relative}`,
  ]),
  'in family',
  'in the family',
  'runs in the family',
  'runs in family',
  'in family members',
  'in several family members',
  'in multiple family members',
  'in relatives',
  'in first degree relatives',
  'in children',
  'in his children',
  'in her children',
];

/**
 * Relatives named as informants or company, not as the ones with the condition (ours): "lives with
 * her daughter and has CHF", "per wife, he has been short of breath", "son at bedside".
 */
const FAMILY_PSEUDO = RELATIVE_WORDS.flatMap((relative) => [
  `lives with ${relative}`,
  `lives with his ${relative}`,
  `lives with her ${relative}`,
  `living with ${relative}`,
  `living with his ${relative}`,
  `living with her ${relative}`,
  `with his ${relative}`,
  `with her ${relative}`,
  `accompanied by ${relative}`,
  `accompanied by his ${relative}`,
  `accompanied by her ${relative}`,
  `per ${relative}`,
  `per his ${relative}`,
  `per her ${relative}`,
  `${relative} at bedside`,
  `${relative} is at bedside`,
  `${relative} present`,
  `${relative} reports`,
  `${relative} states`,
  `${relative} says`,
  `${relative} notes`,
  `${relative} called`,
  `${relative} is concerned`,
  `${relative} is worried`,
  `his ${relative} is his caregiver`,
  `her ${relative} is her caregiver`,
  `${relative} helps`,
]);

/**
 * ConText closes the experiencer scope when the patient becomes the subject again: "Mother had breast
 * cancer and the patient has CHF".
 */
const FAMILY_TERMINATIONS = ['patient', 'pt', 'he', 'she', 'himself', 'herself', 'personal history', 'personally'];

export const FAMILY_RULES: readonly TriggerRule[] = [
  ...forward('family', FAMILY_PRE),
  ...backward('family', FAMILY_POST, { backwardWindow: 4 }),
  ...pseudo([...FAMILY_PSEUDO, 'family meeting', 'family at bedside', 'discussed with family', 'family aware']),
  ...terminate(FAMILY_TERMINATIONS, ['family']),
];
