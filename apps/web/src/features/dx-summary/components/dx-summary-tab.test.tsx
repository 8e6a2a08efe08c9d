import type { DxCaptureData } from '@cairn/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT, sessionStore } from '../../../lib/session';
import { ANALYSIS_POLL_MS } from '../api/get-dx-capture-data';
import { DxSummaryTab } from './dx-summary-tab';
import { answerApi, result } from '../../../testing/answer-api';
import { aDecision, anEvidence, anItem, aSummary, SID, withItem } from '../../../testing/factories';

function renderTab() {
  const onOpenEvidence = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DxSummaryTab
        sid={SID}
        onOpenEvidence={onOpenEvidence}
        renderAside={(data) => <section aria-label="Cart">{`Cart holds ${String(data.cart.length)}`}</section>}
      />
    </QueryClientProvider>,
  );
  return { onOpenEvidence };
}

/** The server's summary; `afterActions` is what it holds once decisions land. */
function serveSummary(initial: DxCaptureData, afterActions?: DxCaptureData) {
  const served = { current: initial };
  const { calls } = answerApi({
    '/getDxCaptureData': () => result(served.current),
    '/addSummaryInsightActions': () => {
      if (afterActions) served.current = afterActions;
      return result({ decisions: [], scrub: null });
    },
    '/updateSummaryInsightsNotes': () => result(aDecision()),
  });
  return { served, calls, callsTo: (path: string) => calls.filter((call) => call.path === path) };
}

const diabetes = () => screen.findByRole('article', { name: /^E11\.22/ });

// No pause between keystrokes and no style lookups per event (slow under antd's CSS-in-JS in jsdom):
// the dialogs' validation, not the typing, is under test.
const setupUser = () => userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
let user = setupUser();
beforeEach(() => {
  user = setupUser();
});

const JSDOM_WIDTH = window.innerWidth;
afterEach(() => {
  window.innerWidth = JSDOM_WIDTH;
  sessionStore.setState({ ...LOGGED_OUT });
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('DxSummaryTab', () => {
  it('shows each suggestion as one row: code, title, kind, HCC, its strongest evidence and the decision', async () => {
    const { callsTo } = serveSummary(aSummary());
    const { onOpenEvidence } = renderTab();
    expect(
      await screen.findByRole('heading', { name: 'HCC 37 Diabetes with Chronic Complications (1)' }),
    ).toBeVisible();
    const item = await diabetes();
    expect(item).toHaveTextContent('Type 2 diabetes mellitus with diabetic chronic kidney disease');
    expect(within(item).getByText('Suspect: criteria met')).toHaveAttribute(
      'title',
      'Suspect: Meets diagnostic criteria',
    );
    expect(within(item).getByText('HCC 37')).toBeVisible();
    expect(item).toHaveTextContent('02/10/2026EHRHemoglobin A1c: 8.2%');
    // The rule and the explanation are behind "Why", not on the row.
    expect(item).not.toHaveTextContent('ADA 2025');
    expect(item).not.toHaveTextContent('results from before 2026');
    await user.click(within(item).getByRole('button', { name: /^View the trend: Hemoglobin A1c/ }));
    expect(onOpenEvidence).toHaveBeenCalledWith(
      expect.objectContaining({ link: expect.objectContaining({ kind: 'lab' }) }),
    );
    expect(within(item).getByRole('button', { name: 'Accept E11.22' })).toBeVisible();
    expect(within(item).getByRole('button', { name: 'Reject E11.22' })).toBeVisible();
    const ckd = screen.getByRole('article', { name: /^N18\.31/ });
    expect(within(ckd).getByText('Recapture')).toBeVisible();
    expect(within(ckd).getByRole('button', { name: /^Open the document: CKD stage 3a/ })).toBeVisible();
    expect(callsTo('/getDxCaptureData')[0]?.body).toEqual({ sid: SID, isGroupingOn: true });
  });

  it('folds the other evidence behind "n more", each fact once, and names each rule once behind "Why"', async () => {
    const lab = anEvidence({ date: '2026-05-01', value: 9.1, ruleSource: 'ADA 2025' });
    const older = anEvidence({ date: '2026-02-10', value: 8.2, ruleSource: 'ADA 2025' });
    const claim = anEvidence({
      resourceType: 'Claim',
      date: '2024-03-10',
      code: 'E119',
      value: undefined,
      unit: undefined,
      text: 'Type 2 diabetes mellitus without complications',
      ruleSource: 'CMS risk adjustment',
      link: { kind: 'none' },
    });
    const evidence = [lab, older, claim, { ...claim, ruleSource: 'ICD-10-CM guidelines' }];
    serveSummary(aSummary({ groups: [{ hcc: 37, label: 'HCC 37', items: [anItem({ evidence })] }] }));
    renderTab();
    const item = await diabetes();
    expect(item).toHaveTextContent('05/01/2026EHRHemoglobin A1c: 9.1%');
    expect(item).not.toHaveTextContent('02/10/2026');
    const more = within(item).getByRole('button', { name: '2 more evidence' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    const others = within(item).getByRole('list', { name: 'More evidence' });
    expect(
      within(others)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual([
      '02/10/2026EHRHemoglobin A1c: 8.2%',
      '03/10/2024EHRE11.9 Type 2 diabetes mellitus without complications',
    ]);
    expect(within(item).getByRole('button', { name: 'Show less evidence' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(within(item).getByRole('button', { name: 'Why E11.22 is suggested' }));
    const why = await screen.findByRole('tooltip');
    expect(why).toHaveTextContent('Why E11.22?');
    expect(why).toHaveTextContent('New HCC');
    expect(why).toHaveTextContent('results from before 2026 point to HCC 37');
    expect(
      within(why)
        .getAllByRole('listitem')
        .map((rule) => rule.textContent),
    ).toEqual(['ADA 2025', 'CMS risk adjustment', 'ICD-10-CM guidelines']);
  });

  it('shows a coded visit reason and a care plan by their words, with no source to open', async () => {
    const visitReason = anEvidence({
      resourceType: 'Encounter',
      date: '2025-03-01',
      code: 'I509',
      value: undefined,
      unit: undefined,
      text: 'Visit reason: Chronic congestive heart failure (SNOMED CT 88805009)',
      link: { kind: 'none' },
    });
    const carePlan = anEvidence({
      resourceType: 'CarePlan',
      date: '2019-03-01',
      code: undefined,
      value: undefined,
      unit: undefined,
      text: 'Care plan: Diabetes self management plan (active since 2019-03-01)',
      link: { kind: 'none' },
    });
    serveSummary(
      aSummary({ groups: [{ hcc: 37, label: 'HCC 37', items: [anItem({ evidence: [carePlan, visitReason] })] }] }),
    );
    renderTab();
    const item = await diabetes();
    expect(item).toHaveTextContent('03/01/2019EHRCare plan: Diabetes self management plan (active since 2019-03-01)');
    await user.click(within(item).getByRole('button', { name: '1 more evidence' }));
    expect(within(item).getByRole('list', { name: 'More evidence' })).toHaveTextContent(
      '03/01/2025EHRVisit reason: Chronic congestive heart failure (SNOMED CT 88805009)',
    );
    expect(within(item).queryByRole('button', { name: /^(Open the document|View the trend)/ })).toBeNull();
  });

  it('marks codes that are not billable or already selected, and one hidden for this patient', async () => {
    const hidden = anItem({
      icdCode: 'N1831',
      description: 'Chronic kidney disease, stage 3a',
      nonBillableReason: 'AlreadySelected',
      decision: aDecision({ icdCode: 'N1831', status: 'rejected', reason: 'condition-resolved', stopShowing: true }),
      saveState: 'StopShowing',
    });
    const unspecified = anItem({
      icdCode: 'E11',
      description: 'Type 2 diabetes mellitus',
      nonBillableReason: 'NonBillable',
    });
    serveSummary(aSummary({ groups: [{ hcc: 37, label: 'HCC 37', items: [unspecified, hidden] }] }));
    renderTab();
    const diabetesCategory = await screen.findByRole('article', { name: /^E11 / });
    expect(within(diabetesCategory).getByText('Not billable')).toBeVisible();
    const ckd = screen.getByRole('article', { name: /^N18\.31/ });
    expect(within(ckd).getByText('Already selected')).toBeVisible();
    expect(within(ckd).getByText('Stop showing')).toBeVisible();
  });

  it('lists the suggestions without HCC headers when grouping is turned off', async () => {
    const { callsTo } = serveSummary(aSummary());
    renderTab();
    await screen.findByRole('heading', { name: /HCC 37/ });
    await user.click(screen.getByRole('switch', { name: 'Group by HCC' }));
    await waitFor(() => expect(callsTo('/getDxCaptureData').at(-1)?.body).toEqual({ sid: SID, isGroupingOn: false }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /HCC 37/ })).not.toBeInTheDocument());
    expect(await diabetes()).toBeVisible();
    expect(screen.getByRole('article', { name: /^N18\.31/ })).toBeVisible();
  });

  it('accepts a suggestion with the version the user saw, then shows who accepted it', async () => {
    const previous = aDecision({ status: 'pending', version: 3 });
    const before = aSummary({ groups: [{ hcc: 37, label: 'HCC 37', items: [anItem({ decision: previous })] }] });
    const after = withItem(before, anItem({ decision: aDecision({ version: 4 }), saveState: 'Saved' }));
    const { callsTo } = serveSummary(before, after);
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Accept E11.22' }));
    await waitFor(() =>
      expect(callsTo('/addSummaryInsightActions')[0]?.body).toEqual({
        sid: SID,
        actions: [{ icdCode: 'E1122', action: 'accept', expectedVersion: 3 }],
      }),
    );
    const item = await diabetes();
    expect(await within(item).findByText(/^Accepted by Maya Rivera \(provider\), 03\/02\/2026/)).toBeVisible();
    expect(within(item).getByText('Saved')).toBeVisible();
    expect(within(item).getByRole('button', { name: 'Reopen E11.22' })).toBeVisible();
    expect(within(item).queryByRole('button', { name: 'Accept E11.22' })).not.toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Reject E11.22' })).not.toBeInTheDocument();
  });

  it('shows who rejected a suggestion, when, the reason and the note, and reopens it', async () => {
    const rejection = aDecision({
      status: 'rejected',
      reason: 'not-clinically-supported',
      note: 'eGFR normal on repeat',
      version: 2,
    });
    const before = aSummary({
      groups: [{ hcc: 37, label: 'HCC 37', items: [anItem({ decision: rejection, saveState: 'Saved' })] }],
    });
    const after = withItem(before, anItem({ decision: aDecision({ status: 'pending', version: 3 }) }));
    const { callsTo } = serveSummary(before, after);
    renderTab();
    const item = await diabetes();
    const outcome = within(item).getByRole('group', { name: 'Decision on E11.22' });
    expect(outcome).toHaveTextContent(
      'Rejected by Maya Rivera (provider), 03/02/2026 10:42 AM: Not clinically supported',
    );
    expect(outcome).toHaveTextContent('Note: eGFR normal on repeat');
    expect(within(item).queryByRole('button', { name: 'Accept E11.22' })).not.toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Reject E11.22' })).not.toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Reopen E11.22' }));
    await waitFor(() =>
      expect(callsTo('/addSummaryInsightActions')[0]?.body).toEqual({
        sid: SID,
        actions: [{ icdCode: 'E1122', action: 'reset', expectedVersion: 2 }],
      }),
    );
    expect(await within(await diabetes()).findByRole('button', { name: 'Accept E11.22' })).toBeVisible();
  });

  it('does not reject without a reason', async () => {
    const { callsTo } = serveSummary(aSummary());
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Reject E11.22' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject E11.22' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Choose a reason')).toBeInTheDocument();
    expect(callsTo('/addSummaryInsightActions')).toHaveLength(0);
  });

  it("rejects for 'Other' only with a note, and can stop showing the suggestion", async () => {
    const { callsTo } = serveSummary(aSummary());
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Reject E11.22' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject E11.22' });
    await user.click(within(dialog).getByLabelText('Other'));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText("Say why in a note when the reason is 'Other'")).toBeInTheDocument();
    expect(callsTo('/addSummaryInsightActions')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Note'), 'Seen by nephrology');
    await user.click(within(dialog).getByLabelText('Stop showing for this patient'));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(callsTo('/addSummaryInsightActions')[0]?.body).toEqual({
        sid: SID,
        actions: [
          {
            icdCode: 'E1122',
            action: 'reject',
            reason: 'other',
            note: 'Seen by nephrology',
            stopShowing: true,
            expectedVersion: 0,
          },
        ],
      }),
    );
  });

  it("says so when someone else decided first, and shows that person's decision", async () => {
    const theirs = aDecision({ status: 'rejected', reason: 'condition-resolved', version: 2 });
    theirs.decidedBy = { ...theirs.decidedBy, name: 'Cora Coder', role: 'coder' };
    let served = aSummary();
    const { calls } = answerApi({
      '/getDxCaptureData': () => result(served),
      '/addSummaryInsightActions': () => {
        served = withItem(served, anItem({ decision: theirs, saveState: 'Saved' }));
        return {
          status: 409,
          body: {
            error: {
              code: 'CONFLICT',
              message: 'Cora Coder changed this diagnosis at 10:42 UTC; reload to see it.',
              details: { icdCode: 'E1122', current: theirs },
            },
          },
        };
      },
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Accept E11.22' }));
    expect(
      await screen.findByText(
        'Cora Coder changed this diagnosis at 10:42 UTC; reload to see it. The list has been reloaded with the current decision.',
      ),
    ).toBeVisible();
    const item = await diabetes();
    expect(await within(item).findByText(/^Rejected by Cora Coder \(coder\).*Condition resolved$/)).toBeVisible();
    expect(within(item).getByText("Coder's choice")).toBeVisible();
    expect(calls.filter((call) => call.path === '/getDxCaptureData')).toHaveLength(2);
  });

  it('sends changes after the visit was written to the EHR as post-visit changes', async () => {
    const { callsTo } = serveSummary(aSummary({ pushedAt: '2026-03-02T11:00:00Z', postVisitUpdatedIcds: ['N1831'] }));
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Accept E11.22' }));
    await waitFor(() =>
      expect(callsTo('/addSummaryInsightActions')[0]?.body).toMatchObject({
        isPostVisit: true,
        postVisitUpdatedIcds: ['N1831', 'E1122'],
      }),
    );
    const ckd = screen.getByRole('article', { name: /^N18\.31/ });
    expect(within(ckd).getByText('Changed after the visit was sent')).toBeVisible();
  });

  it("edits a decision's note, naming the note the user saw", async () => {
    const decided = anItem({ decision: aDecision({ note: 'Follow up in 3 months' }), saveState: 'Saved' });
    const { callsTo } = serveSummary(aSummary({ groups: [{ hcc: 37, label: 'HCC 37', items: [decided] }] }));
    renderTab();
    const item = await diabetes();
    expect(within(item).getByText('Note: Follow up in 3 months')).toBeVisible();
    await user.click(within(item).getByRole('button', { name: 'Edit note' }));
    const note = within(item).getByRole('textbox', { name: 'Note on E11.22' });
    await user.clear(note);
    await user.type(note, 'Follow up in 6 weeks');
    await user.click(within(item).getByRole('button', { name: 'Save note' }));
    await waitFor(() =>
      expect(callsTo('/updateSummaryInsightsNotes')[0]?.body).toEqual({
        sid: SID,
        icdCode: 'E1122',
        prevNote: 'Follow up in 3 months',
        newNote: 'Follow up in 6 weeks',
      }),
    );
  });

  it('lets a coder send the scrub to the provider after confirming', async () => {
    const { callsTo } = serveSummary(aSummary({ role: 'coder' }));
    renderTab();
    await user.click(await screen.findByRole('button', { name: /Send to provider/ }));
    expect(callsTo('/addSummaryInsightActions')).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(callsTo('/addSummaryInsightActions')[0]?.body).toEqual({ sid: SID, actions: [], shouldScrub: true }),
    );
  });

  it('tells the provider that the scrub was sent, by whom; only a coder can send it', async () => {
    serveSummary(aSummary({ scrub: { sentAt: '2026-03-02T10:42:00Z', sentBy: 'Cora Coder' } }));
    renderTab();
    expect(await screen.findByText(/^Scrub sent to the provider by Cora Coder at 03\/02\/2026/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Send to provider/ })).not.toBeInTheDocument();
  });

  it('shows a view-only user the decisions but no buttons to decide', async () => {
    sessionStore.setState({ permissions: { view_only: true } });
    const decided = anItem({ decision: aDecision({ note: 'Seen' }), saveState: 'Saved' });
    serveSummary(aSummary({ role: 'coder', groups: [{ hcc: 37, label: 'HCC 37', items: [decided] }] }));
    renderTab();
    const item = await diabetes();
    expect(within(item).getByText(/^Accepted by Maya Rivera/)).toBeVisible();
    for (const name of [/Accept/, /Reject/, /Reopen/, /note/]) {
      expect(within(item).queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /Send to provider/ })).not.toBeInTheDocument();
  });

  it('says the analysis is pending and asks again every 5 seconds until it is done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { served, callsTo } = serveSummary(aSummary({ isAnalysed: false, groups: [] }));
    renderTab();
    expect(await screen.findByText("Analysing this patient's data...")).toBeVisible();
    served.current = aSummary();
    await act(() => vi.advanceTimersByTimeAsync(ANALYSIS_POLL_MS));
    expect(await diabetes()).toBeVisible();
    expect(callsTo('/getDxCaptureData')).toHaveLength(2);
  });

  it('shows the risk score now and with the cart, and the diagnoses already addressed', async () => {
    serveSummary(aSummary());
    renderTab();
    expect(await screen.findByText('0.842')).toBeVisible();
    expect(screen.getByText('1.200 (+0.358)')).toBeVisible();
    expect(screen.getByRole('region', { name: 'HCC increments' })).toHaveTextContent(
      'HCC 37 Diabetes with Chronic Complications+0.166',
    );
    expect(screen.getByRole('region', { name: 'Interactions' })).toHaveTextContent('Diabetes and CHF+0.112');
    await user.click(screen.getByRole('button', { name: /Already addressed this year \(1\)/ }));
    expect(await screen.findByRole('list', { name: 'Already addressed this year' })).toHaveTextContent(
      'I10Essential (primary) hypertension01/15/2026, Claim',
    );
  });

  it('keeps the cart and the risk score in a side panel in view from 1024 px', async () => {
    window.innerWidth = 1024;
    serveSummary(aSummary());
    renderTab();
    const panel = await screen.findByRole('complementary', { name: 'Cart and risk score' });
    expect(within(panel).getByRole('region', { name: 'Cart' })).toHaveTextContent('Cart holds 0');
    expect(within(panel).getByText('Risk score')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cart (0)' })).not.toBeInTheDocument();
  });

  it('opens the cart and the risk score in one click in a narrower window (the overlay)', async () => {
    window.innerWidth = 600;
    serveSummary(aSummary());
    renderTab();
    await diabetes();
    expect(screen.queryByRole('complementary', { name: 'Cart and risk score' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Cart' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cart (0)' }));
    const drawer = await screen.findByRole('dialog', { name: 'Cart and risk score' });
    expect(within(drawer).getByRole('region', { name: 'Cart' })).toHaveTextContent('Cart holds 0');
  });
});
