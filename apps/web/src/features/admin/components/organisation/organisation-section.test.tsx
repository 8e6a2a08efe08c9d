import type { AdminClinic, AdminProvider, OrganisationSettings } from '@cairn/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, failure, result, type ApiAnswers } from '../../../../testing/answer-api';
import { fastUser, renderWithProviders } from '../../../../testing/render-with-providers';
import { signIn } from '../../../../testing/session';
import OrganisationSection from './organisation-section';

const SETTINGS: OrganisationSettings = {
  organisation: { id: '6f1c1f0e-1d7c-4e43-9f3a-3b0b8f0c2a11', name: 'Riverside Family Medicine' },
  riskModels: [
    { paymentYear: 2024, v24Percent: 67, isCmsDefault: true, cmsV24Percent: 67 },
    { paymentYear: 2025, v24Percent: 33, isCmsDefault: true, cmsV24Percent: 33 },
    { paymentYear: 2026, v24Percent: 0, isCmsDefault: true, cmsV24Percent: 0 },
  ],
  frontendTabs: ['DxSummary', 'DocumentsList'],
  overlayOnlyView: false,
  organizationQuality: false,
  flagRuleCounts: { frontendTabs: 0, overlayOnlyView: 0, organizationQuality: 0 },
};

const source = {
  source: 'EHR',
  sourceId: 'loc-1',
  isFromEhr: true,
  isHandAdded: false,
  updatedAt: '2026-11-20T10:00:00Z',
  syncedAt: '2026-11-20T10:00:00Z',
  editedFields: [],
};
const CLINIC: AdminClinic = {
  id: '1b7c6a2e-7d6e-4f7a-8a3c-2f2e3d4c5b6a',
  name: 'North Clinic',
  departmentCount: 2,
  ...source,
};
const HAND_ADDED: AdminClinic = {
  ...CLINIC,
  id: '2b7c6a2e-7d6e-4f7a-8a3c-2f2e3d4c5b6a',
  name: 'Lakeside Clinic',
  source: 'CAIRN',
  isFromEhr: false,
  isHandAdded: true,
  syncedAt: null,
};
const PROVIDER: AdminProvider = {
  id: '0a6c54a2-7b8e-4f3a-8d3c-1f2e3d4c5b6a',
  firstName: 'Maya',
  lastName: 'Rivera',
  suffix: 'MD',
  npi: null,
  departmentId: null,
  departmentName: null,
  clinicName: null,
  ...source,
};

function answer(extra: ApiAnswers = {}) {
  return answerApi({
    '/admin/organisation/settings/get': result(SETTINGS),
    '/admin/organisation/clinics/list': result({ clinics: [CLINIC, HAND_ADDED], total: 2 }),
    '/admin/organisation/providers/list': result({ providers: [PROVIDER], total: 1 }),
    '/admin/organisation/departments/list': result({ departments: [], total: 0 }),
    ...extra,
  });
}

beforeEach(() => {
  signIn({ admin: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Organisation section', () => {
  it("shows each payment year's risk model as CMS published it, and saves a blend the admin chooses", async () => {
    const { callsTo } = answer({
      '/admin/organisation/settings/update': (body) =>
        result({ ...SETTINGS, ...body, riskModels: SETTINGS.riskModels }),
    });
    const user = fastUser();
    renderWithProviders(<OrganisationSection />);
    const table = await screen.findByRole('table', { name: 'Risk model per payment year' });
    expect(within(table).getByText('As CMS (67% V24, 33% V28)')).toBeInTheDocument();
    await user.click(within(table).getByRole('combobox', { name: 'Model for 2026' }));
    // The open list's option comes last: the 2024 and 2025 selects show the same words.
    await user.click((await screen.findAllByTitle('V24/V28 blend')).at(-1)!);
    const share = await within(table).findByRole('spinbutton', { name: 'V24 share in 2026, percent' });
    await user.clear(share);
    await user.type(share, '20');
    await user.click(screen.getByRole('checkbox', { name: 'Quality Insights' }));
    await user.click(screen.getByRole('switch', { name: /Overlay-only view/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(callsTo('/admin/organisation/settings/update')[0]?.body).toEqual({
        riskModels: [{ paymentYear: 2026, v24Percent: 20 }],
        frontendTabs: ['DxSummary', 'DocumentsList', 'Quality'],
        overlayOnlyView: true,
        organizationQuality: false,
      }),
    );
  });

  it('says when the settings could not be loaded and offers to retry', async () => {
    answer({ '/admin/organisation/settings/get': failure(500) });
    renderWithProviders(<OrganisationSection />);
    expect(await screen.findByText("The organisation's settings could not be loaded.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  });

  it('lists the clinics saying which came from the EHR, and renames one', async () => {
    const { callsTo } = answer({
      '/admin/organisation/clinics/save': result({ ...CLINIC, name: 'North Family Clinic' }),
    });
    const user = fastUser();
    renderWithProviders(<OrganisationSection />);
    await user.click(await screen.findByRole('tab', { name: 'Clinics' }));
    const table = await screen.findByRole('table', { name: 'Clinics' });
    const rows = await within(table).findAllByRole('row');
    expect(within(rows[1]!).getByText('From the EHR')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('EHR id loc-1 · last sync 11/20/2026', { exact: false })).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Added in Cairn')).toBeInTheDocument();
    expect(within(rows[2]!).queryByText(/last sync/)).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'North Clinic' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Synced from the EHR \(id loc-1/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/Edited in Cairn/)).not.toBeInTheDocument();
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'North Family Clinic');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo('/admin/organisation/clinics/save')[0]?.body).toEqual({
        clinicId: CLINIC.id,
        name: 'North Family Clinic',
      }),
    );
  });

  it("shows a provider's field edited in Cairn with the EHR's value, and uses the EHR's value again", async () => {
    const edited: AdminProvider = {
      ...PROVIDER,
      lastName: 'Rivera-Stone',
      editedFields: [{ field: 'lastName', ehrValue: 'Rivera', ehrDisplay: 'Rivera' }],
    };
    const { callsTo } = answer({
      '/admin/organisation/providers/list': result({ providers: [edited], total: 1 }),
      '/admin/organisation/providers/revert': result(PROVIDER),
    });
    const user = fastUser();
    renderWithProviders(<OrganisationSection />);
    await user.click(await screen.findByRole('tab', { name: 'Providers' }));
    const table = await screen.findByRole('table', { name: 'Providers' });
    expect(await within(table).findByText('Edited in Cairn')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Maya Rivera-Stone, MD' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/^Last name/)).toHaveValue('Rivera-Stone');
    expect(within(dialog).getByText('Edited in Cairn — the EHR says Rivera')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: /Use the EHR’s value/ })).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Use the EHR’s value for Last name' }));
    await waitFor(() =>
      expect(callsTo('/admin/organisation/providers/revert')[0]?.body).toEqual({
        providerId: PROVIDER.id,
        field: 'lastName',
      }),
    );
    await waitFor(() => expect(within(dialog).getByLabelText(/^Last name/)).toHaveValue('Rivera'));
    expect(within(dialog).queryByText(/Edited in Cairn/)).not.toBeInTheDocument();
  });

  it("says why the EHR's value could not be used", async () => {
    const edited: AdminClinic = {
      ...CLINIC,
      name: 'North Family Clinic',
      editedFields: [{ field: 'name', ehrValue: 'North Clinic', ehrDisplay: 'North Clinic' }],
    };
    answer({
      '/admin/organisation/clinics/list': result({ clinics: [edited], total: 1 }),
      '/admin/organisation/clinics/revert': failure(
        409,
        'CONFLICT',
        'This field was not edited in Cairn: it already follows the EHR.',
      ),
    });
    const user = fastUser();
    renderWithProviders(<OrganisationSection />);
    await user.click(await screen.findByRole('tab', { name: 'Clinics' }));
    await user.click(await screen.findByRole('button', { name: 'North Family Clinic' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Use the EHR’s value for Name' }));
    expect(
      await screen.findByText('This field was not edited in Cairn: it already follows the EHR.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('North Family Clinic');
  });

  it('saves a name edit of a provider whose EHR NPI fails the check digit, keeping the NPI', async () => {
    const fromEhr: AdminProvider = { ...PROVIDER, npi: '1020261121' };
    const { callsTo } = answer({
      '/admin/organisation/providers/list': result({ providers: [fromEhr], total: 1 }),
      '/admin/organisation/providers/save': result({ ...fromEhr, firstName: 'Maia' }),
    });
    const user = fastUser();
    renderWithProviders(<OrganisationSection />);
    await user.click(await screen.findByRole('tab', { name: 'Providers' }));
    await user.click(await screen.findByRole('button', { name: 'Maya Rivera, MD' }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText(/^First name/));
    await user.type(within(dialog).getByLabelText(/^First name/), 'Maia');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo('/admin/organisation/providers/save')[0]?.body).toMatchObject({
        firstName: 'Maia',
        npi: '1020261121',
      }),
    );
  });

  it("refuses a provider's NPI whose check digit is wrong before sending it", async () => {
    const { callsTo } = answer({
      '/admin/organisation/providers/save': result({ ...PROVIDER, npi: '1234567893' }),
    });
    const user = fastUser();
    renderWithProviders(<OrganisationSection />);
    await user.click(await screen.findByRole('tab', { name: 'Providers' }));
    const table = await screen.findByRole('table', { name: 'Providers' });
    await user.click(await within(table).findByRole('button', { name: 'Maya Rivera, MD' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^NPI/), '1234567890');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Ten digits whose last is the NPI check digit')).toBeInTheDocument();
    expect(callsTo('/admin/organisation/providers/save')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText(/^NPI/));
    await user.type(within(dialog).getByLabelText(/^NPI/), '1234567893');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo('/admin/organisation/providers/save')[0]?.body).toMatchObject({
        providerId: PROVIDER.id,
        npi: '1234567893',
        suffix: 'MD',
      }),
    );
  });
});
