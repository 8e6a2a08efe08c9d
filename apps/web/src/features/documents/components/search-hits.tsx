import type { DocumentSearchHit } from '@cairn/contracts';
import { Button, Flex, Tag, Typography } from 'antd';
import { formatDate } from '../../../lib/dates';
import { splitMarkedSnippet } from '../utils/highlight';
import { HighlightedText } from './highlighted-text';

export interface SearchHitsProps {
  hits: readonly DocumentSearchHit[];
  selectedId: string | undefined;
  onSelect: (documentId: string) => void;
}

/** The documents that match the search, best first, each with its snippets and the matches marked. */
export function SearchHits({ hits, selectedId, onSelect }: SearchHitsProps) {
  return (
    <ol aria-label="Search results" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {hits.map((hit) => (
        <li
          key={hit.id}
          style={{
            padding: '8px 0',
            borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
            background: hit.id === selectedId ? 'rgba(22, 119, 255, 0.06)' : undefined,
          }}
        >
          <Flex gap="small" align="baseline" wrap>
            <Button type="link" style={{ padding: 0 }} onClick={() => onSelect(hit.id)}>
              {hit.title}
            </Button>
            <Typography.Text type="secondary">
              {formatDate(hit.date, 'date')}
              {hit.typeDisplay ? ` · ${hit.typeDisplay}` : ''}
              {hit.author ? ` · ${hit.author}` : ''}
            </Typography.Text>
            <Tag color={hit.source === 'HIE' ? 'purple' : 'blue'}>{hit.source}</Tag>
          </Flex>
          {hit.snippets.map((snippet, index) => (
            <Typography.Paragraph key={index} data-testid="search-snippet" style={{ margin: '4px 0 0' }}>
              …<HighlightedText parts={splitMarkedSnippet(snippet)} />…
            </Typography.Paragraph>
          ))}
        </li>
      ))}
    </ol>
  );
}
