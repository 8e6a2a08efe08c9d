import type { DxCaptureData } from '@cairn/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOGGED_OUT, sessionStore } from '../../../lib/session';
import { DxSummaryTab } from '../components/dx-summary-tab';
import { answerApi, failure, result, type ApiAnswer } from '../../../testing/answer-api';
import { aDecision, anItem, aSummary, SID, withItem } from '../../../testing/factories';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';

/** The server's answer to a decision, held until the test lets it go. */
function heldAnswer() {
  let release: (answer: ApiAnswer) => void = () => undefined;
  const answer = new Promise<ApiAnswer>((resolve) => {
    release = resolve;
  });
  return { answer, release };
}

function serve(summary: () => DxCaptureData, decision: Promise<ApiAnswer>) {
  return answerApi({
    '/getDxCaptureData': () => result(summary()),
    '/addSummaryInsightActions': () => decision,
  });
}

const diabetes = () => screen.findByRole('article', { name: /^E11\.22/ });
/** One open suggestion; no interaction terms, which this test does not read. */
function openSummary(): DxCaptureData {
  const summary = aSummary({ groups: [{ hcc: 37, label: 'HCC 37', items: [anItem()] }] });
  return { ...summary, risk: { ...summary.risk, interactions: [] } };
}

beforeEach(() => {
  sessionStore.setState({ ...LOGGED_OUT, loggedIn: true, userFullName: 'Maya Rivera' });
});
afterEach(() => {
  sessionStore.setState({ ...LOGGED_OUT });
});

describe('a decision on a suggestion', () => {
  it('shows at once, before the server has answered', async () => {
    const held = heldAnswer();
    const { callsTo } = serve(openSummary, held.answer);
    renderWithProviders(<DxSummaryTab sid={SID} onOpenEvidence={() => undefined} />);
    const user = fastUser();
    await user.click(await screen.findByRole('button', { name: 'Accept E11.22' }));
    const item = await diabetes();
    expect(within(item).getByText(/^Accepted by Maya Rivera \(provider\)/)).toBeVisible();
    expect(within(item).queryByRole('button', { name: 'Accept E11.22' })).not.toBeInTheDocument();
    expect(callsTo('/addSummaryInsightActions')).toHaveLength(1);
    held.release(result({ decisions: [aDecision({ version: 1 })], scrub: null }));
    await waitFor(() => expect(callsTo('/getDxCaptureData')).toHaveLength(2));
  });

  it('is taken back with a message when the server fails to save it', async () => {
    const held = heldAnswer();
    serve(openSummary, held.answer);
    renderWithProviders(<DxSummaryTab sid={SID} onOpenEvidence={() => undefined} />);
    const user = fastUser();
    await user.click(await screen.findByRole('button', { name: 'Reject E11.22' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject E11.22' });
    await user.click(within(dialog).getByLabelText('Not clinically supported'));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(await diabetes()).findByText(/^Rejected by Maya Rivera/)).toBeVisible();
    held.release(failure(500, 'CAIRN_NON_SPECIFIC_ERROR', 'Something went wrong'));
    expect(await screen.findByText(/^The decision could not be saved.*Please try again\.$/)).toBeVisible();
    const item = await diabetes();
    expect(within(item).queryByText(/^Rejected by/)).not.toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Accept E11.22' })).toBeVisible();
    expect(within(item).getByRole('button', { name: 'Reject E11.22' })).toBeVisible();
  });

  it("is taken back on a conflict, with the server's words and the other person's decision", async () => {
    const theirs = aDecision({ status: 'rejected', reason: 'condition-resolved', version: 2 });
    theirs.decidedBy = { ...theirs.decidedBy, name: 'Cora Coder', role: 'coder' };
    let served = openSummary();
    const held = heldAnswer();
    serve(() => served, held.answer);
    renderWithProviders(<DxSummaryTab sid={SID} onOpenEvidence={() => undefined} />);
    const user = fastUser();
    await user.click(await screen.findByRole('button', { name: 'Accept E11.22' }));
    expect(await within(await diabetes()).findByText(/^Accepted by Maya Rivera/)).toBeVisible();
    served = withItem(served, anItem({ decision: theirs, saveState: 'Saved' }));
    held.release({
      status: 409,
      body: {
        error: {
          code: 'CONFLICT',
          message: 'Cora Coder changed this diagnosis at 10:42 UTC; reload to see it.',
          details: { icdCode: 'E1122', current: theirs },
        },
      },
    });
    expect(
      await screen.findByText(
        'Cora Coder changed this diagnosis at 10:42 UTC; reload to see it. The list has been reloaded with the current decision.',
      ),
    ).toBeVisible();
    const item = await diabetes();
    expect(await within(item).findByText(/^Rejected by Cora Coder \(coder\)/)).toBeVisible();
    expect(within(item).queryByText(/^Accepted by Maya Rivera/)).not.toBeInTheDocument();
  });
});
