import { describe, expect, it } from 'vitest';

import { splitSentences } from './split-sentences';

function textsOf(note: string): string[] {
  return splitSentences(note).map((sentence) => sentence.text);
}

describe('splitSentences', () => {
  it('does not split after titles, "pt." or Latin dosing abbreviations', () => {
    expect(textsOf('Seen by Dr. Smith today. Pt. has CHF.')).toEqual(['Seen by Dr. Smith today.', 'Pt. has CHF.']);
    expect(textsOf('Metformin 500 mg p.o. b.i.d. with meals.')).toEqual(['Metformin 500 mg p.o. b.i.d. with meals.']);
    expect(textsOf('Ms. Jones, e.g. her BP, is stable vs. last visit.')).toHaveLength(1);
  });

  it('keeps decimal numbers whole', () => {
    expect(textsOf('A1c 7.5 today. LDL 3.2.')).toEqual(['A1c 7.5 today.', 'LDL 3.2.']);
  });

  it('ends a sentence at a question mark or an exclamation mark', () => {
    expect(textsOf('CHF? Will check BNP! Follow up.')).toEqual(['CHF?', 'Will check BNP!', 'Follow up.']);
  });

  it('makes each bulleted or numbered item its own sentence, without the bullet', () => {
    expect(textsOf('Problems:\n- CHF\n- COPD\n* Diabetes\n\u2022 Gout\n# Anemia')).toEqual([
      'Problems:',
      'CHF',
      'COPD',
      'Diabetes',
      'Gout',
      'Anemia',
    ]);
    expect(textsOf('1. CHF, stable.\n2. COPD')).toEqual(['CHF, stable.', 'COPD']);
  });

  it('joins prose wrapped across lines and keeps one-per-line lists apart', () => {
    expect(textsOf('Patient has a history of congestive\nheart failure and COPD.')).toEqual([
      'Patient has a history of congestive\nheart failure and COPD.',
    ]);
    expect(textsOf('Denies chest pain,\nShortness of breath.')).toHaveLength(1);
    expect(textsOf('CHF\nCOPD\nDiabetes')).toEqual(['CHF', 'COPD', 'Diabetes']);
  });

  it('gives offsets that index the original text, Windows line ends included', () => {
    const note = '  HPI: 70 yo with CHF.\r\n- Denies chest pain.  Has COPD.\r\n\r\nPlan: continue.';
    for (const sentence of splitSentences(note)) expect(note.slice(sentence.start, sentence.end)).toBe(sentence.text);
    expect(textsOf(note)).toEqual(['HPI: 70 yo with CHF.', 'Denies chest pain.', 'Has COPD.', 'Plan: continue.']);
  });

  it('returns nothing for empty or blank text', () => {
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences(' \n\n\t')).toEqual([]);
  });
});

describe('section headers', () => {
  const note = [
    'Family History:',
    'Mother - breast cancer',
    'Father: MI at 60',
    '',
    'Past Medical History: CHF, COPD.',
    'Appendicitis as a teenager.',
    'Assessment: CHF exacerbation.',
  ].join('\n');

  it('gives a Family History section family context until the next header', () => {
    const sections = splitSentences(note).map((sentence) => [sentence.text, sentence.section, sentence.sectionHeader]);
    expect(sections).toEqual([
      ['Family History:', 'family', 'Family History'],
      ['Mother - breast cancer', 'family', 'Family History'],
      ['Father: MI at 60', 'family', 'Family History'],
      ['Past Medical History: CHF, COPD.', 'historical', 'Past Medical History'],
      ['Appendicitis as a teenager.', 'historical', 'Past Medical History'],
      ['Assessment: CHF exacerbation.', undefined, undefined],
    ]);
  });

  it('keeps the section across a blank line between the header and its list', () => {
    const sentences = splitSentences('PMH:\n\n- CHF\n- COPD\n\nPatient presents with dyspnea.');
    expect(sentences.map((sentence) => sentence.section)).toEqual([
      'historical',
      'historical',
      'historical',
      undefined,
    ]);
  });

  it('ends the section at a blank line followed by prose', () => {
    const sentences = splitSentences('Family History: mother with diabetes.\n\nShe reports worsening edema.');
    expect(sentences.map((sentence) => sentence.section)).toEqual(['family', undefined]);
  });

  it('recognises a header in the middle of flattened text, in capitals or abbreviated', () => {
    const sentences = splitSentences('Chest pain for two days. FAMILY HISTORY: mother with CHF. FH: DM.');
    expect(sentences.map((sentence) => sentence.section)).toEqual([undefined, 'family', 'family']);
  });

  it('recognises a header alone on its line without a colon', () => {
    const sentences = splitSentences('FAMILY HISTORY\nDiabetes\nPLAN\nMetformin');
    expect(sentences.map((sentence) => sentence.section)).toEqual(['family', 'family', undefined, undefined]);
  });

  it('gives return precautions hypothetical and a differential uncertain context', () => {
    const sentences = splitSentences('Return precautions: chest pain, syncope.\nDifferential: PE, pneumonia.');
    expect(sentences.map((sentence) => sentence.section)).toEqual(['hypothetical', 'uncertain']);
  });

  it('does not take a relative named before a colon for a header', () => {
    const sentences = splitSentences('Mother: diabetes.\nCHF stable.');
    expect(sentences.map((sentence) => sentence.section)).toEqual([undefined, undefined]);
  });
});
