import { SEARCH_MATCH_END as END, SEARCH_MATCH_START as START } from '@cairn/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentsTab } from './documents-tab';
import { answerApi, type RecordedCall, result } from '../../../testing/answer-api';
import { renderWithProviders, fastUser } from '../../../testing/render-with-providers';

const FACETS = {
  types: [{ code: '11506-3', display: 'Progress note' }],
  sources: ['EHR', 'HIE'],
  authors: ['Maya Rivera, MD'],
};
const NOTE = {
  id: 'doc-1',
  title: 'Follow-up visit',
  type_code: '11506-3',
  type_display: 'Progress note',
  author: 'Maya Rivera, MD',
  date: '2025-03-01',
  source: 'EHR',
  content_type: 'text/plain',
  has_file: false,
  preview: 'Type 2 diabetes',
};

function answerDocuments(documents: unknown[] = [NOTE], extra: Parameters<typeof answerApi>[0] = {}): RecordedCall[] {
  return answerApi({ '/getDocuments': () => result({ documents, facets: FACETS }), ...extra }).calls;
}

const renderTab = () => renderWithProviders(<DocumentsTab patientId="patient-1" appointmentId={undefined} />);
// antd's table is slow to render in jsdom on a busy machine.
const findDocument = (title: string) => screen.findByText(title, { selector: 'button *' }, { timeout: 8000 });
const callsTo = (calls: RecordedCall[], path: string) => calls.filter((call) => call.path === path);

afterEach(() => vi.unstubAllGlobals());

describe('DocumentsTab', () => {
  it("lists the patient's documents with date, title, type, author and source", async () => {
    const calls = answerDocuments();
    renderTab();
    const row = (await findDocument('Follow-up visit')).closest('tr');
    expect(row).not.toBeNull();
    const cells = within(row as HTMLElement);
    expect(cells.getByText('03/01/2025')).toBeInTheDocument();
    expect(cells.getByText('Progress note')).toBeInTheDocument();
    expect(cells.getByText('Maya Rivera, MD')).toBeInTheDocument();
    expect(cells.getByText('EHR')).toBeInTheDocument();
    expect(callsTo(calls, '/getDocuments')[0]?.body).toEqual({ cairnPatientId: 'patient-1', filters: {} });
  });

  it("says 'No documents' when there are none, and when the list fails", async () => {
    answerDocuments([]);
    const { unmount } = renderTab();
    expect(await screen.findByText('No documents')).toBeInTheDocument();
    unmount();
    answerApi({ '/getDocuments': () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } }) });
    renderTab();
    expect(await screen.findByText('The documents could not be loaded.')).toBeInTheDocument();
  });

  it('asks again with the chosen source when a filter changes', async () => {
    const calls = answerDocuments();
    renderTab();
    await findDocument('Follow-up visit');
    await fastUser().click(screen.getByRole('combobox', { name: 'Source' }));
    await fastUser().click(await screen.findByTitle('HIE'));
    await waitFor(() =>
      expect(callsTo(calls, '/getDocuments').at(-1)?.body).toEqual({
        cairnPatientId: 'patient-1',
        filters: { sources: ['HIE'] },
      }),
    );
  });

  it('searches once typing pauses and marks the matches in the snippets, markup shown as text', async () => {
    const calls = answerDocuments([NOTE], {
      '/searchInOpenSearch': () =>
        result({
          hits: [{ ...NOTE, rank: 0.5, snippets: [`Type 2 ${START}diabetes${END} <script>alert(1)</script> noted`] }],
        }),
    });
    const { container } = renderTab();
    await findDocument('Follow-up visit');
    await fastUser().type(screen.getByRole('searchbox', { name: 'Search documents' }), 'diabetes');
    const snippet = await screen.findByTestId('search-snippet', {}, { timeout: 5000 });
    expect(callsTo(calls, '/searchInOpenSearch')).toHaveLength(1);
    expect(callsTo(calls, '/searchInOpenSearch')[0]?.body).toEqual({ searchTerm: 'diabetes', NID: 'patient-1' });
    expect(within(snippet).getByText('diabetes').tagName).toBe('MARK');
    expect(snippet).toHaveTextContent('<script>alert(1)</script> noted');
    expect(container.querySelector('script')).toBeNull();
  });

  it('opens the chosen document in the viewer beside the list', async () => {
    answerDocuments([NOTE], {
      '/getDocument': () =>
        result({ ...NOTE, patient_id: 'patient-1', text: 'Full note text', html: null, has_pdf: false }),
    });
    renderTab();
    expect(screen.getByText('Select a document to read it')).toBeInTheDocument();
    await fastUser().click(await findDocument('Follow-up visit'));
    expect(await screen.findByText('Full note text')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open full page' })).toHaveAttribute('href', '/document/doc-1');
  });
});
