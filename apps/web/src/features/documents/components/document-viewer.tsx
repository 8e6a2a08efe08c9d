import type { DocumentDetail } from '@cairn/contracts';
import { lazy, Suspense } from 'react';
import { useDocument } from '../api/get-document';
import { useFileUrl } from '../api/get-file-url';
import { HtmlView } from './html-view';
import { TextView } from './text-view';
import { LoadingState } from '../../../components/loading-state';
import { ErrorState } from '../../../components/error-state';

// pdf.js is large: it loads only when a PDF is opened.
const PdfView = lazy(() => import('./pdf-view').then((module) => ({ default: module.PdfView })));

export interface DocumentViewerProps {
  documentId: string;
  /** Words of the current search, marked in a plain-text document. */
  searchWords?: readonly string[];
}

/** One document's content: its PDF, its sanitised HTML, or its text, whichever it has. */
export function DocumentViewer({ documentId, searchWords = [] }: DocumentViewerProps) {
  const document = useDocument(documentId);
  if (document.isPending) return <LoadingState label="Loading the document" rows={8} />;
  if (document.isError) return <ErrorState title="The document could not be loaded." />;
  return <DocumentContent document={document.data} searchWords={searchWords} />;
}

export type ViewerKind = 'pdf' | 'html' | 'text';

export function viewerKindOf(document: Pick<DocumentDetail, 'hasPdf' | 'html'>): ViewerKind {
  if (document.hasPdf) return 'pdf';
  if (document.html !== null) return 'html';
  return 'text';
}

function DocumentContent({ document, searchWords }: { document: DocumentDetail; searchWords: readonly string[] }) {
  const kind = viewerKindOf(document);
  if (kind === 'pdf') return <PdfOriginal documentId={document.id} words={searchWords} />;
  if (kind === 'html') return <HtmlView html={document.html ?? ''} words={searchWords} />;
  return <TextView text={document.text} words={searchWords} />;
}

function PdfOriginal({ documentId, words }: { documentId: string; words: readonly string[] }) {
  const fileUrl = useFileUrl(documentId);
  if (fileUrl.isPending) return <LoadingState label="Loading the PDF" rows={8} />;
  if (fileUrl.isError) return <ErrorState title="The PDF could not be loaded." />;
  return (
    <Suspense fallback={<LoadingState label="Loading the PDF" rows={8} />}>
      <PdfView url={fileUrl.data} words={words} />
    </Suspense>
  );
}
