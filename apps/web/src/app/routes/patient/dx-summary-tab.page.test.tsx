import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../../lib/realtime-client.testing';
import { DxSummaryTabPage } from './dx-summary-tab.page';
import { answerApi, LINKED_ENCOUNTER, REALTIME_TICKET, result } from '../../../testing/answer-api';
import { aDecision, anItem, aSummary, SID, withItem } from '../../../testing/factories';

const PATIENT_ID = '1b7e4c1e-9d5e-4a1b-8c3d-4e5f6f1c2a9e';
const DOCUMENT = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  patient_id: PATIENT_ID,
  title: 'Nephrology consult',
  type_code: '11488-4',
  type_display: 'Consult note',
  author: 'Lee Park, MD',
  date: '2025-11-03',
  source: 'HIE',
  content_type: 'text/plain',
  has_file: false,
  has_pdf: false,
  html: null,
  text: 'History reviewed.\nAssessment: CKD stage 3a, eGFR stable at 52.',
};

function renderPage(appointmentId: string | undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DxSummaryTabPage patientId={PATIENT_ID} appointmentId={appointmentId} />
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
}

// The tab's one real-time client is made on first use, with the WebSocket of that moment.
beforeAll(() => {
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

// jsdom lays nothing out and has no scrollIntoView: the test records what would be scrolled to.
const jsdomScrollIntoView = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');

afterEach(() => {
  if (jsdomScrollIntoView) Object.defineProperty(Element.prototype, 'scrollIntoView', jsdomScrollIntoView);
  else Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Diagnosis Summary tab page', () => {
  it("opens a document evidence at its snippet, the snippet's words marked", async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    answerApi({
      ...REALTIME_TICKET,
      ...LINKED_ENCOUNTER,
      '/getDxCaptureData': () => result(aSummary()),
      '/getDocument': () => result(DOCUMENT),
    });
    const user = renderPage(SID);
    const ckd = await screen.findByRole('article', { name: /^N18\.31/ });
    await user.click(within(ckd).getByRole('button', { name: /^Open the document/ }));
    const text = await screen.findByTestId('document-text');
    const marks = [...text.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).toEqual(['CKD', 'stage', '3a']);
    await waitFor(() => expect(scrolled[0]?.textContent).toBe('CKD'));
  });

  it("opens a lab evidence's trend", async () => {
    const { calls } = answerApi({
      ...REALTIME_TICKET,
      ...LINKED_ENCOUNTER,
      '/getDxCaptureData': () => result(aSummary()),
      '/getLabTrend': () =>
        result({
          loinc: '4548-4',
          display: 'Hemoglobin A1c',
          unit: '%',
          units: 'single',
          referenceRange: null,
          points: [],
        }),
    });
    const user = renderPage(SID);
    const diabetes = await screen.findByRole('article', { name: /^E11\.22/ });
    await user.click(within(diabetes).getByRole('button', { name: /^View the trend/ }));
    expect(await screen.findByRole('dialog', { name: 'Hemoglobin A1c (%)' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/getLabTrend')?.body).toEqual({
      cairnPatientId: PATIENT_ID,
      loinc: '4548-4',
    });
  });

  it('offers the cart, adding a diagnosis and the note wizard with the suggestions', async () => {
    answerApi({ ...REALTIME_TICKET, ...LINKED_ENCOUNTER, '/getDxCaptureData': () => result(aSummary()) });
    renderPage(SID);
    expect(await screen.findByRole('button', { name: /Add diagnosis/ })).toBeVisible();
    expect(screen.getByRole('button', { name: /Note wizard/ })).toBeVisible();
  });

  it("shows another person's decision without a reload", async () => {
    let served = aSummary();
    answerApi({
      '/getDxCaptureData': () => result(served),
      ...REALTIME_TICKET,
      ...LINKED_ENCOUNTER,
    });
    renderPage(SID);
    await screen.findByRole('article', { name: /^E11\.22/ });
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeWebSocket.latest();
    act(() => socket.open());
    const theirs = aDecision();
    theirs.decidedBy = { ...theirs.decidedBy, name: 'Cora Coder', role: 'coder' };
    served = withItem(served, anItem({ decision: theirs, saveState: 'Saved' }));
    act(() => {
      socket.receive({ type: 'subscribed', sid: SID, lastEventId: 0 });
      socket.receive({
        type: 'event',
        id: 1,
        sid: SID,
        at: '2026-03-02T10:42:00.000Z',
        event: { kind: 'decision.changed', icdCodes: ['E1122'], by: { name: 'Cora Coder', role: 'coder' } },
      });
    });
    const diabetes = screen.getByRole('article', { name: /^E11\.22/ });
    expect(await within(diabetes).findByText(/^Accepted by Cora Coder \(coder\)/)).toBeVisible();
  });

  it('asks for a visit when the portrait was opened without one', () => {
    renderPage(undefined);
    expect(screen.getByText('Open the patient from a visit to see its diagnosis suggestions')).toBeVisible();
  });
});
