import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, failure, result } from '../../../testing/answer-api';
import { aQualityPatientRow } from '../../../testing/quality-factories';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import { QualityPatients } from './quality-patients';

const patients = [
  aQualityPatientRow(),
  aQualityPatientRow({
    patient: {
      ...aQualityPatientRow().patient,
      cairnPatientId: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
      lastName: 'Hopper',
    },
    open: 0,
    closed: 5,
    excluded: 1,
  }),
];

describe('the patients of the Quality Workspace', () => {
  it('lists each patient, linking to their portrait, with their gaps counted per state', async () => {
    answerApi({ '/quality/patients': result({ patients, total: 2, page: 1, pageSize: 50 }) });
    renderWithProviders(<QualityPatients />);
    expect(screen.getByRole('status', { name: 'Loading the patients' })).toBeInTheDocument();
    const rows = within(await screen.findByRole('table', { name: 'Patients and their care gaps' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'PatientPrimary providerOpenClosedExcluded',
      'Lovelace, Ada12/10/1950 · MRN MRN001Maya Rivera23—',
      'Hopper, Ada12/10/1950 · MRN MRN001Maya Rivera—51',
    ]);
    expect(within(rows[2]!).getByRole('link', { name: 'Hopper, Ada' })).toHaveAttribute(
      'href',
      '/patient/2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
    );
  });

  it('searches by what the user types, once they pause', async () => {
    const { callsTo } = answerApi({
      '/quality/patients': (body) =>
        result(
          body.searchText
            ? { patients: [], total: 0, page: 1, pageSize: 50 }
            : { patients, total: 2, page: 1, pageSize: 50 },
        ),
    });
    renderWithProviders(<QualityPatients />);
    await fastUser().type(await screen.findByRole('searchbox', { name: 'Search patients' }), 'lovelace');
    expect(await screen.findByText('No patients match this search')).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo('/quality/patients').at(-1)?.body).toEqual({ searchText: 'lovelace', page: 1, pageSize: 50 }),
    );
  });

  it('says when the patients cannot be loaded', async () => {
    answerApi({ '/quality/patients': failure(500) });
    renderWithProviders(<QualityPatients />);
    expect(await screen.findByText('The patients could not be loaded.')).toBeInTheDocument();
  });
});
