import { describe, expect, it } from 'vitest';

import { detectAssertion, explainAssertion } from './detect-assertion';
import { LABELLED_SENTENCES } from './labelled-sentences';
import type { LabelledSentence } from './labelled-sentences';
import type { Assertion } from './types';

function spanOf(sentence: string, target: string): { start: number; end: number } {
  const start = sentence.indexOf(target);
  if (start < 0) throw new Error(`"${target}" is not in "${sentence}"`);
  return { start, end: start + target.length };
}

function assess([sentence, target, , options]: LabelledSentence): Assertion {
  return detectAssertion(sentence, spanOf(sentence, target), options);
}

describe('detectAssertion on the labelled sentences', () => {
  it.each(LABELLED_SENTENCES.map((row) => [row[0], row[1], row[2], row] as const))(
    '"%s": %s is %s',
    (_sentence, _target, expected, row) => {
      expect(assess(row)).toBe(expected);
    },
  );

  it('labels every sentence correctly (accuracy 100 %) across all six assertions', () => {
    const correct = LABELLED_SENTENCES.filter((row) => assess(row) === row[2]).length;
    const perAssertion = new Map<Assertion, number>();
    for (const row of LABELLED_SENTENCES) perAssertion.set(row[2], (perAssertion.get(row[2]) ?? 0) + 1);
    const summary = [...perAssertion].map(([assertion, count]) => `${assertion} ${count}`).join(', ');
    console.info(`assertion accuracy: ${correct}/${LABELLED_SENTENCES.length} labelled sentences (${summary})`);
    expect(LABELLED_SENTENCES.length).toBeGreaterThanOrEqual(100);
    expect(perAssertion.size).toBe(6);
    expect(correct / LABELLED_SENTENCES.length).toBe(1);
  });
});

describe('explainAssertion', () => {
  it('names the trigger words that negated the target', () => {
    const sentence = 'Patient denies any chest pain.';
    expect(explainAssertion(sentence, spanOf(sentence, 'chest pain'))).toEqual({ assertion: 'negated', cue: 'denies' });
  });

  it('names the section header when the section decided', () => {
    const sentence = 'Diabetes.';
    const result = explainAssertion(sentence, spanOf(sentence, 'Diabetes'), {
      section: 'family',
      sectionHeader: 'Family History',
    });
    expect(result).toEqual({ assertion: 'family', cue: 'Family History' });
  });

  it('says present without a cue when nothing qualifies the target', () => {
    const sentence = 'Chronic systolic heart failure.';
    expect(explainAssertion(sentence, spanOf(sentence, 'heart failure'))).toEqual({ assertion: 'present' });
  });
});

describe('scope limits', () => {
  it('stops a negation after fifteen words', () => {
    const sentence =
      'No chest pain with exertion at rest or at night while lying flat in bed after meals or walking up the stairs with heart failure.';
    expect(detectAssertion(sentence, spanOf(sentence, 'heart failure'))).toBe('present');
  });

  it('ends a negation at the end of a sentence inside the text it is given', () => {
    const sentence = 'No fever. Heart failure is worse.';
    expect(detectAssertion(sentence, spanOf(sentence, 'Heart failure'))).toBe('present');
  });

  it('treats a target that is not in the sentence as present', () => {
    expect(detectAssertion('No fever.', { start: 40, end: 50 })).toBe('present');
  });

  it('counts an event within the last 14 days as recent, later ones as historical (ConText)', () => {
    const recent = 'Syncope 10 days ago.';
    const historical = 'Syncope 3 weeks ago.';
    expect(detectAssertion(recent, spanOf(recent, 'Syncope'))).toBe('present');
    expect(detectAssertion(historical, spanOf(historical, 'Syncope'))).toBe('historical');
  });
});
