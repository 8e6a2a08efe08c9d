import type { TextPart } from '../utils/highlight';

/** Text with its matches in `<mark>` elements; every part is a React text node, so markup shows as text. */
export function HighlightedText({ parts }: { parts: readonly TextPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.isMatch ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}
