import { describe, expect, it } from 'vitest';

import { findMentions } from './find-mentions';
import { compileLexicon } from './mention-matcher';
import type { MentionLexicon } from './types';

const LEXICON: MentionLexicon = [
  { id: 'heart-failure', phrases: ['congestive heart failure', 'heart failure', 'CHF', 'HFrEF'], chronic: true },
  { id: 'copd', phrases: ['COPD', 'chronic obstructive pulmonary disease', 'emphysema'], chronic: true },
  { id: 'multiple-sclerosis', phrases: ['multiple sclerosis', 'MS'], chronic: true },
  { id: 'prediabetes', phrases: ['pre-diabetes'] },
  { id: 'diabetes', phrases: ['type 2 diabetes', 'diabetes', "Parkinson's disease"] },
  { id: 'diabetic-kidney', phrases: ['diabetic nephropathy'] },
  { id: 'kidney', phrases: ['nephropathy'] },
  { id: 'myocardial-infarction', phrases: ['myocardial infarction', 'MI'] },
];
const COMPILED = compileLexicon(LEXICON);

function summarise(text: string): [string, string, string][] {
  return findMentions(text, COMPILED).map((mention) => [mention.entryId, mention.text, mention.assertion]);
}

describe('findMentions', () => {
  it('tells a negated mention from a present one in the same sentence', () => {
    expect(summarise('No CHF but has COPD.')).toEqual([
      ['heart-failure', 'CHF', 'negated'],
      ['copd', 'COPD', 'present'],
    ]);
  });

  it('reports the longest phrase of an entry once, not the shorter phrases inside it', () => {
    const [mention, ...others] = findMentions('Congestive heart failure, stable.', COMPILED);
    expect(others).toEqual([]);
    expect(mention).toMatchObject({
      phrase: 'congestive heart failure',
      text: 'Congestive heart failure',
      start: 0,
      end: 24,
    });
  });

  it('lets the longest phrase win across entries, so "pre-diabetes" is no diabetes', () => {
    expect(summarise('Diabetic nephropathy.').map(([entryId]) => entryId)).toEqual(['diabetic-kidney']);
    expect(summarise('Pre-diabetes, not diabetes.')).toEqual([
      ['prediabetes', 'Pre-diabetes', 'present'],
      ['diabetes', 'diabetes', 'negated'],
    ]);
  });

  it('keeps every entry that names the very same span', () => {
    const lexicon: MentionLexicon = [
      { id: 'ckd', phrases: ['CKD'] },
      { id: 'kidney-any', phrases: ['ckd', 'kidney disease'] },
    ];
    expect(findMentions('CKD stage 4.', lexicon).map((mention) => mention.entryId)).toEqual(['ckd', 'kidney-any']);
  });

  it('matches across case, hyphens, spaces and a wrapped line', () => {
    expect(
      summarise('chf. Heart-failure. Pre diabetes. Prediabetes.\nCongestive heart\nfailure.').map(([id]) => id),
    ).toEqual(['heart-failure', 'heart-failure', 'prediabetes', 'prediabetes', 'heart-failure']);
  });

  it('matches whole words only and never across a full stop', () => {
    expect(summarise('CHFX and COPDs. The heart. Failure to thrive.')).toEqual([]);
  });

  it('reads possessives alike: "Parkinson\'s disease" and "Parkinson disease"', () => {
    expect(summarise('Parkinson disease, on levodopa.')).toEqual([['diabetes', 'Parkinson disease', 'present']]);
  });

  it('matches an everyday-word abbreviation only in capitals: "MS" but not "Ms." or "ms"', () => {
    expect(summarise('Ms. Lee, 30 ms QTc change. MS diagnosed in 2010.')).toEqual([
      ['multiple-sclerosis', 'MS', 'present'],
    ]);
    expect(summarise('MI ruled out; drove 3 mi.')).toEqual([['myocardial-infarction', 'MI', 'negated']]);
  });

  it('does not trust capitals in a note typed all in capitals', () => {
    expect(summarise('PATIENT STATES ALL IS WELL, WALKS 2 MI DAILY. NO CHF.')).toEqual([
      ['heart-failure', 'CHF', 'negated'],
    ]);
  });

  it('gives the sentence, its offset, the offsets of the match and the cue', () => {
    const note = 'HPI: 70 yo woman.\nShe denies any history of myocardial infarction.';
    const [mention] = findMentions(note, COMPILED);
    expect(mention).toMatchObject({
      sentence: 'She denies any history of myocardial infarction.',
      sentenceStart: 18,
      assertion: 'negated',
      cue: 'denies',
    });
    expect(note.slice(mention!.start, mention!.end)).toBe('myocardial infarction');
    expect(note.slice(mention!.sentenceStart, mention!.sentenceStart + mention!.sentence.length)).toBe(
      mention!.sentence,
    );
  });

  it('applies a Family History section to the mentions under it, naming the header as the cue', () => {
    const note = 'Family History:\nDiabetes, MI.\n\nAssessment: type 2 diabetes, uncontrolled.';
    expect(findMentions(note, COMPILED).map((mention) => [mention.text, mention.assertion, mention.cue])).toEqual([
      ['Diabetes', 'family', 'Family History'],
      ['MI', 'family', 'Family History'],
      ['type 2 diabetes', 'present', undefined],
    ]);
  });

  it('reads a chronic condition under Past Medical History as present and a past event as historical', () => {
    const note = 'Past Medical History:\n- CHF\n- MI in 2015';
    expect(summarise(note)).toEqual([
      ['heart-failure', 'CHF', 'present'],
      ['myocardial-infarction', 'MI', 'historical'],
    ]);
  });

  it('reads "history of" per entry within one sentence: chronic heart failure present, an old MI historical', () => {
    expect(
      findMentions('History of CHF and MI.', COMPILED).map((mention) => [mention.text, mention.assertion, mention.cue]),
    ).toEqual([
      ['CHF', 'present', 'History of'],
      ['MI', 'historical', 'History of'],
    ]);
  });

  it('gives the same answers when a sentence comes back in another note', () => {
    const first = findMentions('Denies chest pain. No CHF.', COMPILED);
    const again = findMentions('Follow-up visit. No CHF.', COMPILED);
    expect(again.map((mention) => [mention.text, mention.assertion, mention.sentence])).toEqual(
      first.map((mention) => [mention.text, mention.assertion, mention.sentence]),
    );
    expect(again[0]!.start).toBe(20);
  });

  it('shows the whole sentence as the snippet with the match highlighted', () => {
    const [mention] = findMentions('Assessment:  acute on chronic\n  systolic HFrEF, euvolemic.', COMPILED);
    expect(mention!.snippet).toBe('Assessment: acute on chronic systolic HFrEF, euvolemic.');
    expect(mention!.snippet.slice(mention!.highlight.start, mention!.highlight.end)).toBe('HFrEF');
  });

  it('cuts a long sentence to about 200 characters around the match, at word boundaries', () => {
    const filler = 'the patient walked slowly around the unit with the physical therapist today';
    const sentence = `${filler}, ${filler}, ${filler}, and has COPD with ${filler}, ${filler}, ${filler}.`;
    const [mention] = findMentions(sentence, COMPILED);
    expect(mention!.snippet.length).toBeLessThanOrEqual(202);
    expect(mention!.snippet.startsWith('\u2026')).toBe(true);
    expect(mention!.snippet.endsWith('\u2026')).toBe(true);
    expect(mention!.snippet.slice(mention!.highlight.start, mention!.highlight.end)).toBe('COPD');
    expect(mention!.snippet).toMatch(/^\u2026[a-z]/u);
  });

  it('accepts the raw lexicon as well as a compiled one, with the same result', () => {
    const note = 'Possible MS. Emphysema on CT; no heart failure.';
    expect(findMentions(note, LEXICON)).toEqual(findMentions(note, COMPILED));
    expect(summarise(note)).toEqual([
      ['multiple-sclerosis', 'MS', 'uncertain'],
      ['copd', 'Emphysema', 'present'],
      ['heart-failure', 'heart failure', 'negated'],
    ]);
  });

  it('keeps offsets right where lower-casing changes the length of the text', () => {
    const note = '\u0130zmir clinic visit. No CHF. Parkinson\u2019s disease.';
    const mentions = findMentions(note, COMPILED);
    expect(mentions.map((mention) => [mention.text, mention.assertion])).toEqual([
      ['CHF', 'negated'],
      ['Parkinson\u2019s disease', 'present'],
    ]);
    for (const mention of mentions) expect(note.slice(mention.start, mention.end)).toBe(mention.text);
  });

  it('reads a long run-on note without punctuation, limiting each negation to its window', () => {
    const filler = Array.from({ length: 40 }, () => 'walked with the therapist').join(' ');
    const note = `denies CHF ${filler} COPD ${filler} MS`;
    expect(summarise(note)).toEqual([
      ['heart-failure', 'CHF', 'negated'],
      ['copd', 'COPD', 'present'],
      ['multiple-sclerosis', 'MS', 'present'],
    ]);
  });

  it('returns nothing for a document without any lexicon phrase', () => {
    expect(findMentions('Routine visit. Feels well.', COMPILED)).toEqual([]);
    expect(findMentions('', COMPILED)).toEqual([]);
  });
});

describe('compileLexicon', () => {
  it('counts entries and phrases', () => {
    expect(COMPILED).toMatchObject({ entryCount: 8, phraseCount: 17 });
  });
});
