import type { EhrConnection } from '@cairn/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, result, type ApiAnswers } from '../../../../testing/answer-api';
import { fastUser, renderWithProviders } from '../../../../testing/render-with-providers';
import EhrConnectionsSection from './ehr-connections-section';

function aConnection(connection: Partial<EhrConnection> = {}): EhrConnection {
  return {
    id: '6f1c1f0e-1d7c-4e43-9f3a-3b0b8f0c2a11',
    name: 'cairn-fhir-connection',
    fhirBaseUrl: 'https://ehr.example.test/fhir',
    issuerAliases: [],
    clientId: 'cairn',
    clientAuth: 'client_secret',
    hasClientSecret: true,
    jwksUrl: null,
    scopes: 'launch openid fhirUser',
    isEnabled: true,
    lastLaunch: { at: '2026-11-26T09:00:00Z', error: null },
    lastSync: { at: '2026-11-26T09:01:00Z', error: 'FhirClientError: timeout' },
    lastWrite: null,
    redirectUris: ['https://cairn.test/epic/login', 'https://cairn.test/overlay/epic/login'],
    launchUrl: 'https://cairn.test/epic/login',
    createdAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
    ...connection,
  };
}

const EXISTING = aConnection();

function answerConnections(extra: ApiAnswers = {}) {
  return answerApi({ '/admin/ehr/connections/list': result({ connections: [EXISTING] }), ...extra });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the EHR connections section', () => {
  it('lists each connection with its client and how its last launch, read and write ended', async () => {
    answerConnections();
    renderWithProviders(<EhrConnectionsSection />);
    const table = await screen.findByRole('table', { name: 'EHR connections' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('cairn-fhir-connection')).toBeInTheDocument();
    expect(within(row).getByText('Confidential, client secret')).toBeInTheDocument();
    expect(within(row).getByText('Succeeded')).toBeInTheDocument();
    expect(within(row).getByText('Failed: FhirClientError: timeout')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
  });

  it('registers a public SMART client of any name, and shows what to register at the EHR', async () => {
    const created = aConnection({
      id: '0a6c54a2-7b8e-4f3a-8d3c-1f2e3d4c5b6a',
      name: 'smart-launcher',
      clientAuth: 'public',
      hasClientSecret: false,
      lastLaunch: null,
      lastSync: null,
    });
    const { callsTo } = answerConnections({ '/admin/ehr/connections/create': result(created) });
    const user = fastUser();
    renderWithProviders(<EhrConnectionsSection />);
    await user.click(await screen.findByRole('button', { name: 'New connection' }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByLabelText('Name'), 'smart-launcher');
    await user.type(within(drawer).getByLabelText('FHIR base URL'), 'https://launcher.test/v/r4/fhir');
    await user.type(within(drawer).getByLabelText('Client id'), 'any-client');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(callsTo('/admin/ehr/connections/create')[0]?.body).toMatchObject({
        name: 'smart-launcher',
        fhirBaseUrl: 'https://launcher.test/v/r4/fhir',
        clientId: 'any-client',
        clientAuth: 'public',
        issuerAliases: [],
      }),
    );
    expect(callsTo('/admin/ehr/connections/create')[0]?.body).not.toHaveProperty('clientSecret');
  });

  it('tests a connection and says, check by check, what the EHR lacks', async () => {
    answerConnections({
      '/admin/ehr/connections/test': result({
        isReady: false,
        checks: [
          { name: 'FHIR version', isOk: true, message: 'FHIR R4 (4.0.1).' },
          { name: 'PKCE', isOk: false, message: 'The EHR does not declare PKCE with S256.' },
        ],
      }),
    });
    const user = fastUser();
    renderWithProviders(<EhrConnectionsSection />);
    await user.click(await screen.findByRole('button', { name: 'Test connection cairn-fhir-connection' }));
    const checks = await screen.findByRole('region', { name: 'Connection checks' });
    expect(within(checks).getByText('Not ready: see what is missing below.')).toBeInTheDocument();
    expect(within(checks).getByText('The EHR does not declare PKCE with S256.')).toBeInTheDocument();
    expect(screen.getByText('https://cairn.test/overlay/epic/login')).toBeInTheDocument();
  });
});
