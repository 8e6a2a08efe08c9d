import { describe, expect, it } from 'vitest';
import { markWordsInHtml, markWordsInPdfText } from './mark-html';

describe('marking search words in a document', () => {
  it('marks the words in the text of HTML, not in its tags or attributes', () => {
    const html = '<p title="diabetes">Type 2 <b>diabetes</b> mellitus, diabetic diet</p>';
    expect(markWordsInHtml(html, ['diabet'])).toBe(
      '<p title="diabetes">Type 2 <b><mark>diabetes</mark></b> mellitus, <mark>diabetic</mark> diet</p>',
    );
  });

  it('keeps text that looks like markup as text', () => {
    expect(markWordsInHtml('<p>&lt;img src=x onerror=alert(1)&gt; diabetes</p>', ['diabetes'])).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt; <mark>diabetes</mark></p>',
    );
    expect(markWordsInPdfText('<b>diabetes</b>', ['diabetes'])).toBe('&#60;b&#62;<mark>diabetes</mark>&#60;/b&#62;');
  });

  it('leaves the HTML as it is without words', () => {
    expect(markWordsInHtml('<p>Nothing</p>', [])).toBe('<p>Nothing</p>');
  });
});
