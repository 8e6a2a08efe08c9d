import { Typography } from 'antd';
import { useMemo } from 'react';
import { highlightWords } from '../utils/highlight';
import { HighlightedText } from './highlighted-text';

/** A plain-text document, line breaks kept, the search words marked. */
export function TextView({ text, words }: { text: string; words: readonly string[] }) {
  const parts = useMemo(() => highlightWords(text, words), [text, words]);
  if (text.trim().length === 0) return <Typography.Text type="secondary">This document has no text.</Typography.Text>;
  return (
    <div data-testid="document-text" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      <HighlightedText parts={parts} />
    </div>
  );
}
