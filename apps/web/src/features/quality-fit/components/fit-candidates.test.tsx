import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, failure, result, type ApiAnswers } from '../../../testing/answer-api';
import { aFitBatch, aFitCandidate, aFitTemplate, FIT_PATIENTS } from '../../../testing/quality-fit-factories';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import { FitCandidates } from './fit-candidates';

const baker = aFitCandidate({
  patient: FIT_PATIENTS.baker,
  age: 41,
  lastKit: { status: 'lost', mailedOn: '2026-03-02' },
});
const withoutAddress = aFitCandidate({
  patient: { ...FIT_PATIENTS.baker, cairnPatientId: '2d8c3a2f-8c65-4e3a-9f5a-8b3e4c1d9f32', lastName: 'Cole' },
  address: null,
});

function answerCandidates(extra: ApiAnswers = {}) {
  return answerApi({
    '/quality/fit/candidates': result({
      rows: [aFitCandidate(), baker, withoutAddress],
      total: 3,
      page: 1,
      pageSize: 50,
    }),
    '/quality/fit/templates': result([
      aFitTemplate(),
      aFitTemplate({ id: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e', name: 'Spanish', language: 'es' }),
    ]),
    '/getUserClinicsHierarchy': result({ clinics: [], defaultFilter: { providerIds: [] } }),
    ...extra,
  });
}

/** The files the page downloads. */
function captureDownloads(): { files: Blob[] } {
  const files: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    files.push(blob as Blob);
    return 'blob:pdf';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return { files };
}

afterEach(() => {
  vi.restoreAllMocks();
});

const table = () => screen.findByRole('table', { name: 'Patients to invite' });

describe('the patients to invite to FIT screening', () => {
  it('shows each patient with an open CMS130 gap, and one without an address cannot be chosen', async () => {
    answerCandidates();
    renderWithProviders(<FitCandidates />);
    const rows = within(await table()).getAllByRole('row');
    expect(within(rows[1]!).getByRole('link', { name: 'Adams, Ann' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('12 Elm Street, Springfield, IL 62701')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Lost, mailed 03/02/2026')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('No mailing address')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Cole, Ben' })).toBeDisabled();
  });

  it('mails the chosen patient with the first template and downloads the letters', async () => {
    const { files } = captureDownloads();
    const { callsTo } = answerCandidates({
      '/quality/fit/batches/create': result(aFitBatch()),
      '/quality/fit/batches/letters': result({
        fileName: 'fit-letters-2026-11-02-3f2e1d0c.pdf',
        contentType: 'application/pdf',
        pdfBase64: btoa('%PDF-1.7 letters'),
        pages: 2,
      }),
    });
    renderWithProviders(<FitCandidates />);
    await table();
    const user = fastUser();
    await user.click(screen.getByRole('checkbox', { name: 'Select Baker, Ben' }));
    await user.click(screen.getByRole('button', { name: 'Mail letters (1)' }));
    expect(await screen.findByText(/2 kits recorded as mailed/)).toBeInTheDocument();
    expect(callsTo('/quality/fit/batches/create')[0]?.body).toMatchObject({
      templateId: aFitTemplate().id,
      cairnPatientIds: [FIT_PATIENTS.baker.cairnPatientId],
    });
    expect(callsTo('/quality/fit/batches/letters')[0]?.body).toEqual({ batchId: aFitBatch().id });
    expect(files).toHaveLength(1);
    expect(await files[0]?.text()).toBe('%PDF-1.7 letters');
    expect(files[0]?.type).toBe('application/pdf');
  });

  it('says why the server refused a batch, and that nothing was mailed', async () => {
    answerCandidates({
      '/quality/fit/batches/create': {
        status: 422,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Invalid cairnPatientIds.0',
            details: { issues: [{ field: 'cairnPatientIds.0', message: 'A kit mailed on 2026-11-02 is still out' }] },
          },
        },
      },
    });
    renderWithProviders(<FitCandidates />);
    await table();
    const user = fastUser();
    await user.click(screen.getByRole('checkbox', { name: 'Select Adams, Ann' }));
    await user.click(screen.getByRole('button', { name: 'Mail letters (1)' }));
    expect(
      await screen.findByText('No letter was mailed: A kit mailed on 2026-11-02 is still out'),
    ).toBeInTheDocument();
  });

  it('asks again with the ages chosen and all patients, kit out or not', async () => {
    const { callsTo } = answerCandidates();
    renderWithProviders(<FitCandidates />);
    await table();
    const user = fastUser();
    await user.type(screen.getByRole('spinbutton', { name: 'Age from' }), '50');
    await user.click(screen.getByRole('checkbox', { name: 'Only patients without a kit out' }));
    await waitFor(() =>
      expect(callsTo('/quality/fit/candidates').at(-1)?.body).toEqual({
        filters: { isWithoutKitOut: false, ageFrom: 50 },
        page: 1,
        pageSize: 50,
      }),
    );
  });

  it('says when the list could not be loaded', async () => {
    answerCandidates({ '/quality/fit/candidates': failure(500) });
    renderWithProviders(<FitCandidates />);
    expect(await screen.findByText('The patients to invite could not be loaded.')).toBeInTheDocument();
  });
});
