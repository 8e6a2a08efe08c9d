import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dxCaptureDataKey } from '../api/get-dx-capture-data';
import { PartnerNotes } from './partner-notes';
import { answerApi, failure, result } from '../../../testing/answer-api';
import { aPartnerNote, aSummary, SID } from '../../../testing/factories';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';

const WELLNESS = aPartnerNote();
const MEDICATIONS = aPartnerNote({
  id: '8e7d6c5b-4a39-4281-9f0e-1d2c3b4a5f6e',
  partner: 'Valley Care Network',
  kind: 'medication-review',
  text: 'Twelve active prescriptions from four prescribers: review them.',
  authoredOn: '2026-04-20',
  version: 2,
  action: {
    status: 'acknowledged',
    by: { name: 'Cora Coder', role: 'coder' },
    at: '2026-05-04T14:05:00Z',
    note: 'Pharmacist booked',
  },
});
const ACTIONS_PATH = '/addSummaryInsightsAgilonNonDxActions';

const rowOf = (name: RegExp): HTMLElement => screen.getByRole('listitem', { name });

let user = fastUser();
beforeEach(() => {
  user = fastUser();
});
afterEach(() => vi.unstubAllGlobals());

describe('PartnerNotes', () => {
  it('shows the group with one row per note: kind, partner, text, date and what was recorded by whom', () => {
    renderWithProviders(<PartnerNotes sid={SID} notes={[WELLNESS, MEDICATIONS]} canAct />);

    const group = screen.getByRole('region', { name: 'Partner organisation notes' });
    expect(within(group).getByRole('heading', { name: 'Partner organisation notes' })).toBeInTheDocument();
    const wellness = rowOf(/^Summit Health Partners: Schedule the annual wellness visit/);
    expect(wellness).toHaveTextContent('Annual wellness visit');
    expect(wellness).toHaveTextContent('the last one was 14 months ago');
    expect(wellness).toHaveTextContent('05/02/2026');
    expect(wellness).not.toHaveTextContent(/ by /);
    const medications = rowOf(/^Valley Care Network: /);
    expect(medications).toHaveTextContent('Medication review');
    expect(medications).toHaveTextContent(/Acknowledged by Cora Coder \(coder\), 05\/04\/2026 .+: Pharmacist booked/);
  });

  it('records Done on a note with the version seen, then reloads the summary', async () => {
    const { callsTo } = answerApi({ [ACTIONS_PATH]: () => result({ partnerNotes: [] }) });
    const { queryClient } = renderWithProviders(<PartnerNotes sid={SID} notes={[WELLNESS, MEDICATIONS]} canAct />);
    const summaryKey = [...dxCaptureDataKey(SID), { isGroupingOn: true }];
    queryClient.setQueryData(summaryKey, aSummary());

    await user.click(screen.getByRole('button', { name: /^Done: Summit Health Partners: Schedule the annual/ }));

    await waitFor(() => expect(queryClient.getQueryState(summaryKey)?.isInvalidated).toBe(true));
    expect(callsTo(ACTIONS_PATH).map((call) => call.body)).toEqual([
      { sid: SID, actions: [{ noteId: WELLNESS.id, action: 'done', expectedVersion: 0 }] },
    ]);
  });

  it('offers the other actions and Undo on a note with an action, and undoes it from its version', async () => {
    const { callsTo } = answerApi({ [ACTIONS_PATH]: () => result({ partnerNotes: [] }) });
    renderWithProviders(<PartnerNotes sid={SID} notes={[MEDICATIONS]} canAct />);
    const medications = rowOf(/^Valley Care Network: /);

    expect(within(medications).queryByRole('button', { name: /^Acknowledge/ })).not.toBeInTheDocument();
    expect(within(medications).getByRole('button', { name: /^Not applicable: Valley Care Network/ })).toBeEnabled();
    await user.click(within(medications).getByRole('button', { name: /^Undo the action on Valley Care Network/ }));

    await waitFor(() => expect(callsTo(ACTIONS_PATH)).toHaveLength(1));
    expect(callsTo(ACTIONS_PATH)[0]?.body).toEqual({
      sid: SID,
      actions: [{ noteId: MEDICATIONS.id, action: 'reset', expectedVersion: 2 }],
    });
  });

  it("tells who changed a note first when the server answers a conflict, in the server's words", async () => {
    answerApi({
      [ACTIONS_PATH]: failure(409, 'CONFLICT', 'Maya Rivera changed this note at 10:42 UTC; reload to see it.'),
    });
    renderWithProviders(<PartnerNotes sid={SID} notes={[WELLNESS]} canAct />);

    await user.click(screen.getByRole('button', { name: /^Acknowledge: Summit Health Partners/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Maya Rivera changed this note at 10:42 UTC; reload to see it. The notes have been reloaded.',
    );
  });

  it('shows a view-only user the notes and what was recorded, without buttons', () => {
    renderWithProviders(<PartnerNotes sid={SID} notes={[WELLNESS, MEDICATIONS]} canAct={false} />);

    expect(rowOf(/^Valley Care Network: /)).toHaveTextContent('Acknowledged by Cora Coder');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows nothing when the patient has no partner notes', () => {
    renderWithProviders(<PartnerNotes sid={SID} notes={[]} canAct />);

    expect(screen.queryByRole('region', { name: 'Partner organisation notes' })).not.toBeInTheDocument();
  });
});
