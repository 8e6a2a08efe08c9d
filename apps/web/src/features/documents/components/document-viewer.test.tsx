import { screen, waitFor, within } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentViewer } from './document-viewer';
import { answerApi, result } from '../../../testing/answer-api';
import { renderWithProviders, fastUser } from '../../../testing/render-with-providers';

// pdf.js cannot run in jsdom: the viewer's use of react-pdf is checked against a stand-in.
const pdfFiles: unknown[] = [];
vi.mock('react-pdf', () => ({
  pdfjs: { GlobalWorkerOptions: { workerSrc: '' } },
  Document: ({
    file,
    children,
    onLoadSuccess,
  }: {
    file: unknown;
    children: ReactNode;
    onLoadSuccess: (pdf: { numPages: number }) => void;
  }) => {
    pdfFiles.push(file);
    // Like react-pdf, once per file.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    useEffect(() => onLoadSuccess({ numPages: 3 }), [file]);
    return <div data-testid="pdf-document">{children}</div>;
  },
  Page: ({ pageNumber, width }: { pageNumber: number; width: number }) => (
    <div data-testid="pdf-page" data-width={width}>
      PDF page {pageNumber}
    </div>
  ),
}));

const METADATA = {
  id: 'doc-1',
  patient_id: 'patient-1',
  title: 'Note',
  type_code: '11506-3',
  type_display: 'Progress note',
  author: 'Maya Rivera, MD',
  date: '2025-03-01',
  source: 'EHR',
  has_file: false,
  has_pdf: false,
  html: null,
};

function answerDocument(document: Record<string, unknown>) {
  return answerApi({
    '/getDocument': () => result({ ...METADATA, ...document }),
    '/getFileURL': () =>
      result({ url: '/api/files/doc-1?expires=1&user=u&signature=s', expires_at: '2025-01-01T00:00:00Z' }),
  }).calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  pdfFiles.length = 0;
});

describe('DocumentViewer', () => {
  it('shows a plain-text document with its line breaks and the search words marked', async () => {
    answerDocument({ content_type: 'text/plain', text: 'Diabetes noted.\nDiabetic diet <b>advised</b>.' });
    renderWithProviders(<DocumentViewer documentId="doc-1" searchWords={['diabet']} />);
    const text = await screen.findByTestId('document-text');
    expect(text).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(
      within(text)
        .getAllByText(/diabet/i)
        .filter((node) => node.tagName === 'MARK'),
    ).toHaveLength(2);
    expect(text).toHaveTextContent('Diabetic diet <b>advised</b>.');
    expect(text.querySelector('b')).toBeNull();
  });

  it('shows an HTML document sanitised: its markup kept, its script and handlers removed', async () => {
    answerDocument({
      content_type: 'text/html',
      has_file: true,
      text: 'Letter',
      html: '<h2>Letter</h2><p onclick="steal()">Dear colleague</p><script>window.hacked = true</script><img src="x" onerror="steal()">',
    });
    renderWithProviders(<DocumentViewer documentId="doc-1" />);
    const html = await screen.findByTestId('document-html');
    expect(within(html).getByRole('heading', { name: 'Letter' })).toBeInTheDocument();
    expect(within(html).getByText('Dear colleague')).not.toHaveAttribute('onclick');
    expect(html.querySelector('script')).toBeNull();
    expect(html.innerHTML).not.toMatch(/onerror|onclick|hacked/);
  });

  it('shows a PDF through a signed link, at most half the window wide, one page at a time', async () => {
    const calls = answerDocument({ content_type: 'application/pdf', has_file: true, has_pdf: true, text: 'Echo' });
    renderWithProviders(<DocumentViewer documentId="doc-1" />);
    // The PDF viewer is loaded on demand, which takes a moment the first time.
    expect(await screen.findByText('PDF page 1', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/getFileURL')?.body).toEqual({ id: 'doc-1' });
    expect(pdfFiles.at(-1)).toBe(`${window.location.origin}/api/files/doc-1?expires=1&user=u&signature=s`);
    expect(Number(screen.getByTestId('pdf-page').dataset.width)).toBeLessThanOrEqual(window.innerWidth / 2);
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    await fastUser().click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('PDF page 2')).toBeInTheDocument();
    await fastUser().click(screen.getByRole('button', { name: 'Previous page' }));
    expect(screen.getByText('PDF page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });

  it('says so when the document cannot be loaded', async () => {
    answerApi({ '/getDocument': () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } }) });
    renderWithProviders(<DocumentViewer documentId="doc-1" />);
    await waitFor(() => expect(screen.getByText('The document could not be loaded.')).toBeInTheDocument());
  });
});
