import type { CartItem, DxCaptureData, DxDecision, DxItem } from '@cairn/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { LOGGED_OUT, sessionStore } from '../../lib/session';
import { providerToken } from '../auth/test-support';

export { answerApi, result } from '../auth/test-support';

export const SID = '5cb4876f-c03e-48d2-aa1b-d28650e069fd';
const PATIENT_ID = '0d7f4a55-2b8e-4c1a-9a57-5b1b6f0e9c11';
const USER_ID = '3a1e0a64-7f2f-4c6b-8a8e-2f1d7c9b5e40';

export function signIn(): void {
  sessionStore.setState({ ...LOGGED_OUT, loggedIn: true, token: providerToken() });
}

export function cartItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    icdCode: 'E1122',
    description: 'Type 2 diabetes mellitus with diabetic chronic kidney disease',
    hcc: 37,
    isAdded: false,
    decidedBy: { name: 'Ana Rivera', role: 'provider' },
    version: 1,
    ...overrides,
  };
}

export function decision(overrides: Partial<DxDecision> = {}): DxDecision {
  return {
    icdCode: 'E1122',
    status: 'accepted',
    isAdded: false,
    stopShowing: false,
    decidedBy: { userId: USER_ID, name: 'Ana Rivera', role: 'provider' },
    decidedAt: '2026-11-21T09:00:00.000Z',
    version: 1,
    isPostVisit: false,
    ...overrides,
  };
}

export function suggestion(overrides: Partial<DxItem> = {}): DxItem {
  return {
    icdCode: 'E1122',
    description: 'Type 2 diabetes mellitus with diabetic chronic kidney disease',
    hcc: 37,
    hccLabel: 'Diabetes with Chronic Complications',
    category: 'Recapture',
    explanationGroup: 'readdress',
    explanation: 'Coded in 2025 at the EHR, not yet this year',
    listKind: 'Single',
    evidence: [],
    saveState: 'None',
    ...overrides,
  };
}

export function dxCaptureData(overrides: Partial<DxCaptureData> = {}): DxCaptureData {
  return {
    sid: SID,
    patientId: PATIENT_ID,
    role: 'provider',
    isAnalysed: true,
    groups: [],
    addressed: [],
    cart: [],
    risk: { model: 'v28', paymentYear: 2027, current: 0.4, ifPushed: 0.566, increments: [], interactions: [] },
    scrub: null,
    pushedAt: null,
    postVisitUpdatedIcds: [],
    ...overrides,
  };
}

/** Renders a cart widget with its own query client; the client is answered so tests can read its cache. */
export function renderWithQueries(ui: ReactElement): { client: QueryClient } {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // Without motion a closed modal leaves at once: jsdom fires no transition end for antd to wait on.
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </ConfigProvider>,
  );
  return { client };
}

/** Puts the tab's query in the cache, as the Diagnosis Summary tab would, so that a test can see it refreshed. */
export function seedTabQuery(client: QueryClient, data: DxCaptureData): readonly unknown[] {
  const key = ['dxCaptureData', data.sid, { isGroupingOn: true }];
  client.setQueryData(key, data);
  return key;
}

/**
 * A user who types without pausing and skips antd's per-event style lookups (slow under CSS-in-JS in
 * jsdom). Its clipboard is the stub user-event installs, so a test can read what was copied.
 */
export function fastUser(): ReturnType<typeof userEvent.setup> {
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
}
