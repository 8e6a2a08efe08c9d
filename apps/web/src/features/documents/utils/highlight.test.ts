import { SEARCH_MATCH_END as END, SEARCH_MATCH_START as START } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { highlightWords, searchWords, splitMarkedSnippet } from './highlight';

describe('splitMarkedSnippet', () => {
  it('turns the markers around matches into marked parts', () => {
    expect(splitMarkedSnippet(`Type 2 ${START}diabetes${END} is ${START}controlled${END}.`)).toEqual([
      { text: 'Type 2 ', isMatch: false },
      { text: 'diabetes', isMatch: true },
      { text: ' is ', isMatch: false },
      { text: 'controlled', isMatch: true },
      { text: '.', isMatch: false },
    ]);
  });

  it('keeps markup as text and ignores a stray end marker', () => {
    expect(splitMarkedSnippet(`<b>${END}x</b> ${START}<script>${END}`)).toEqual([
      { text: '<b>x</b> ', isMatch: false },
      { text: '<script>', isMatch: true },
    ]);
  });
});

describe('highlightWords', () => {
  it('marks the words that start with a search word, whatever their case', () => {
    const parts = highlightWords('Diabetes noted; diabetic diet. Prediabetes excluded.', searchWords('diabet'));
    expect(parts.filter((part) => part.isMatch).map((part) => part.text)).toEqual(['Diabetes', 'diabetic']);
  });

  it('drops quotes, operators and one-letter words from the search term', () => {
    expect(searchWords('"blood pressure" or -x a1c')).toEqual(['blood', 'pressure', 'a1c']);
  });

  it('answers the whole text unmarked when there is nothing to look for', () => {
    expect(highlightWords('Some (text)', [])).toEqual([{ text: 'Some (text)', isMatch: false }]);
  });
});
