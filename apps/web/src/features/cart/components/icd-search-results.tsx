import type { IcdSearchResult } from '@cairn/contracts';
import { Button, Flex, Typography } from 'antd';
import { ICD_SEARCH_MIN_LENGTH, useIcdSearch } from '../api/search-icd-codes';
import { formatIcdCode } from '../utils/format';
import { canBeAdded, IcdCodeFacts } from './icd-code-facts';
import { LoadingState } from '../../../components/loading-state';
import { EmptyState } from '../../../components/empty-state';

/** The codes matching the search, each with its facts and a Choose button (none for a code that cannot be billed). */
export function IcdSearchResults({
  sid,
  searchText,
  onChoose,
}: {
  sid: string;
  searchText: string;
  onChoose: (result: IcdSearchResult) => void;
}) {
  const search = useIcdSearch(sid, searchText);
  if (searchText.trim().length < ICD_SEARCH_MIN_LENGTH) {
    return <Typography.Text type="secondary">Type at least 2 characters of a code or a description</Typography.Text>;
  }
  if (search.isPending) return <LoadingState label="Searching" />;
  // Spec §8: a failed search shows an empty list.
  const results = search.data ?? [];
  if (results.length === 0) return <EmptyState description="No codes match" compact />;
  return (
    <ul
      aria-label="Matching codes"
      style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 420, overflowY: 'auto' }}
    >
      {results.map((result) => {
        const code = formatIcdCode(result.icdCode);
        return (
          <li
            key={result.icdCode}
            aria-label={`${code} ${result.description}`}
            style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}
          >
            <Flex justify="space-between" align="start" gap={8}>
              <Flex vertical gap={4} style={{ minWidth: 0 }}>
                <Typography.Text>
                  <Typography.Text strong>{code}</Typography.Text> {result.description}
                </Typography.Text>
                <IcdCodeFacts result={result} />
              </Flex>
              <Button
                size="small"
                disabled={!canBeAdded(result)}
                aria-label={`Choose ${code}`}
                onClick={() => onChoose(result)}
              >
                Choose
              </Button>
            </Flex>
          </li>
        );
      })}
    </ul>
  );
}
