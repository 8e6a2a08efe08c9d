import type { DocumentFilters } from '@cairn/contracts';
import { Card, Col, Flex, Input, Row } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useDocuments } from '../api/get-documents';
import { useDocumentSearch } from '../api/search-documents';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { searchWords } from '../utils/highlight';
import { DocumentFilterBar } from './document-filter-bar';
import { DocumentList } from './document-list';
import { DocumentViewer } from './document-viewer';
import { SearchHits } from './search-hits';
import { LoadingState } from '../../../components/loading-state';
import { ErrorState } from '../../../components/error-state';
import { EmptyState } from '../../../components/empty-state';

/** What the portrait gives each tab: the patient and, when opened for a visit, the visit (`sid`). */
export interface PortraitTabProps {
  patientId: string;
  appointmentId: string | undefined;
}

/** Typing pauses this long before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The Documents tab: filters, full-text search, the list, and the selected document beside it. */
export function DocumentsTab({ patientId }: PortraitTabProps) {
  const [filters, setFilters] = useState<DocumentFilters>({});
  const [typedTerm, setTypedTerm] = useState('');
  const [selectedId, setSelectedId] = useState<string | undefined>(undefined);
  const searchTerm = useDebouncedValue(typedTerm.trim(), SEARCH_DEBOUNCE_MS);
  const words = useMemo(() => searchWords(searchTerm), [searchTerm]);
  const documents = useDocuments(patientId, filters);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Flex vertical gap="middle">
          <DocumentFilterBar facets={documents.data?.facets} filters={filters} onChange={setFilters} />
          <Input.Search
            aria-label="Search documents"
            placeholder="Search documents"
            allowClear
            value={typedTerm}
            onChange={(event) => setTypedTerm(event.target.value)}
          />
          {searchTerm ? (
            <SearchResults
              patientId={patientId}
              searchTerm={searchTerm}
              selectedId={selectedId}
              onSelect={setSelectedId}
            />
          ) : (
            <DocumentsSection query={documents} selectedId={selectedId} onSelect={setSelectedId} />
          )}
        </Flex>
      </Col>
      <Col xs={24} xl={12}>
        <Card
          size="small"
          title="Document"
          extra={selectedId && <Link to={paths.document.href({ documentId: selectedId })}>Open full page</Link>}
        >
          {selectedId ? (
            <DocumentViewer key={selectedId} documentId={selectedId} searchWords={words} />
          ) : (
            <EmptyState description="Select a document to read it" compact />
          )}
        </Card>
      </Col>
    </Row>
  );
}

interface SelectionProps {
  selectedId: string | undefined;
  onSelect: (documentId: string) => void;
}

function DocumentsSection({ query, ...selection }: SelectionProps & { query: ReturnType<typeof useDocuments> }) {
  if (query.isPending) return <LoadingState label="Loading the documents" rows={6} />;
  if (query.isError)
    return <ErrorState title="The documents could not be loaded." onRetry={() => void query.refetch()} />;
  if (query.data.documents.length === 0) return <EmptyState description="No documents" />;
  return <DocumentList documents={query.data.documents} {...selection} />;
}

function SearchResults({
  patientId,
  searchTerm,
  ...selection
}: SelectionProps & { patientId: string; searchTerm: string }) {
  const search = useDocumentSearch(patientId, searchTerm);
  if (search.isPending) return <LoadingState label="Searching the documents" rows={6} />;
  if (search.isError)
    return <ErrorState title="The search could not be completed." onRetry={() => void search.refetch()} />;
  if (search.data.length === 0) return <EmptyState description="No documents match this search" />;
  return <SearchHits hits={search.data} {...selection} />;
}
