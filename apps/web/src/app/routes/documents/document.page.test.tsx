import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { paths } from '../../../config/paths';
import DocumentPage from './document.page';
import { answerApi, failure, result } from '../../../testing/answer-api';

function renderPage(documentId: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[paths.document.href({ documentId })]}>
        <Routes>
          <Route path={paths.document.path} element={<DocumentPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the full-page document viewer', () => {
  it("shows the document's title, date, author and source, its text, and a link to the patient", async () => {
    const { calls } = answerApi({
      '/getDocument': () =>
        result({
          id: 'doc-7',
          patient_id: 'patient-3',
          title: 'Hospital discharge summary',
          type_code: '18842-5',
          type_display: 'Discharge summary',
          author: 'Samuel Okafor, MD',
          date: '2024-11-15',
          source: 'HIE',
          content_type: 'text/plain',
          has_file: false,
          has_pdf: false,
          html: null,
          text: 'Admitted for chest pain.',
        }),
    });
    renderPage('doc-7');
    expect(await screen.findByRole('heading', { name: 'Hospital discharge summary' })).toBeInTheDocument();
    expect(screen.getByText('11/15/2024')).toBeInTheDocument();
    expect(screen.getByText('Samuel Okafor, MD')).toBeInTheDocument();
    expect(screen.getByText('HIE')).toBeInTheDocument();
    expect(await screen.findByText('Admitted for chest pain.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Patient portrait/ })).toHaveAttribute('href', '/patient/patient-3');
    expect(calls[0]?.body).toEqual({ documentId: 'doc-7' });
  });

  it('says the document was not found when the server does not reveal it', async () => {
    answerApi({ '/getDocument': failure(404, 'NOT_FOUND', 'Not found.') });
    renderPage('doc-unknown');
    expect(await screen.findByText('Document not found')).toBeInTheDocument();
  });
});
