import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CartPanel } from './cart-panel';
import { answerApi, LINKED_ENCOUNTER, result, type RecordedCall } from '../../../testing/answer-api';
import { aCartItem, aDecision, anEmptySummary, anItem, SID } from '../../../testing/factories';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import { signIn } from '../../../testing/session';
import { dxCaptureDataKey } from '../api/dx-capture-data-key';

const HYPERTENSION = { icdCode: 'I10', description: 'Essential (primary) hypertension', hcc: null };
const CKD = { icdCode: 'N183', description: 'Chronic kidney disease, stage 3 (moderate)', hcc: 329 };
const PUSHED_AT = '2026-11-21T09:30:00.000Z';

const LINKED = LINKED_ENCOUNTER;

/** The calls that change something: the cart's reads of the encounter's status left out. */
function writes(calls: RecordedCall[]): RecordedCall[] {
  return calls.filter((call) => call.path !== '/getEncounterStatus');
}

function row(name: RegExp): HTMLElement {
  return screen.getByRole('listitem', { name });
}

let user = fastUser();
beforeEach(() => {
  signIn();
  user = fastUser();
});
afterEach(() => vi.unstubAllGlobals());

describe('the cart', () => {
  it('lists each diagnosis with its code, HCC, who chose it and its result in the EHR, in words', () => {
    const data = anEmptySummary({
      cart: [
        aCartItem({ push: { status: 'written', at: PUSHED_AT } }),
        aCartItem({
          ...HYPERTENSION,
          isAdded: true,
          decidedBy: { name: 'Cora Coder', role: 'coder' },
          push: { status: 'failed', reason: 'EncounterIdMissing', at: PUSHED_AT },
        }),
        aCartItem({ ...CKD, push: { status: 'failed', reason: 'The EHR refused the code', at: PUSHED_AT } }),
      ],
    });
    answerApi(LINKED);
    renderWithProviders(<CartPanel sid={SID} data={data} />);

    const diabetes = row(/^E11\.22 /);
    expect(diabetes).toHaveTextContent('Type 2 diabetes mellitus with diabetic chronic kidney disease');
    expect(diabetes).toHaveTextContent('HCC 37');
    expect(diabetes).toHaveTextContent('Written');
    expect(diabetes).not.toHaveTextContent('Added');
    expect(diabetes).not.toHaveTextContent("Coder's choice");

    const hypertension = row(/^I10 /);
    expect(hypertension).toHaveTextContent('Added');
    expect(hypertension).toHaveTextContent("Coder's choice");
    expect(hypertension).toHaveTextContent('Failed');
    expect(hypertension).toHaveTextContent('This visit has no encounter in the EHR yet');
    expect(hypertension).not.toHaveTextContent('HCC');

    expect(row(/^N18\.3 /)).toHaveTextContent('The EHR refused the code');
  });

  it('marks the diagnoses changed after the visit was written to the EHR', () => {
    const data = anEmptySummary({
      cart: [aCartItem(), aCartItem(HYPERTENSION)],
      pushedAt: PUSHED_AT,
      postVisitUpdatedIcds: ['I10'],
    });
    answerApi(LINKED);
    renderWithProviders(<CartPanel sid={SID} data={data} />);
    expect(row(/^I10 /)).toHaveTextContent('Changed after the visit');
    expect(row(/^E11\.22 /)).not.toHaveTextContent('Changed after the visit');
  });

  it('says so when the cart is empty', () => {
    answerApi(LINKED);
    renderWithProviders(<CartPanel sid={SID} data={anEmptySummary()} />);
    expect(screen.getByText('No diagnoses in the cart yet')).toBeInTheDocument();
  });

  it("shows a coder no Add to Encounter, and that the provider will see the coder's choices", () => {
    answerApi(LINKED);
    renderWithProviders(<CartPanel sid={SID} data={anEmptySummary({ role: 'coder', cart: [aCartItem()] })} />);
    expect(screen.queryByRole('button', { name: 'Add to Encounter' })).not.toBeInTheDocument();
    expect(screen.getByText('The provider will see these as your choices')).toBeInTheDocument();
  });
});

describe('Add to Encounter', () => {
  const cart = [
    aCartItem({ push: { status: 'written', at: PUSHED_AT } }),
    aCartItem(HYPERTENSION),
    aCartItem({ ...CKD, push: { status: 'failed', reason: 'NonPushableStatus', at: PUSHED_AT } }),
  ];

  it('sends only the codes not yet written, shows each result and refreshes the tab', async () => {
    const { calls: allCalls } = answerApi({
      ...LINKED,
      '/push2emrApi': () =>
        result({
          results: [
            { icdCode: 'I10', status: 'written', ehrResourceId: 'condition-1' },
            { icdCode: 'N18.3', status: 'failed', reason: 'MissingEHRLiveData' },
          ],
        }),
    });
    const data = anEmptySummary({ cart });
    const { queryClient: client } = renderWithProviders(<CartPanel sid={SID} data={data} />);
    // The Diagnosis Summary tab's query, as the tab puts it in the cache.
    const tabQuery = [...dxCaptureDataKey(SID), { isGroupingOn: true }];
    client.setQueryData(tabQuery, data);

    await user.click(screen.getByRole('button', { name: 'Add to Encounter' }));

    expect(await screen.findByText('1 of 2 written to the encounter, 1 failed')).toBeInTheDocument();
    expect(writes(allCalls).map((call) => [call.path, call.body])).toEqual([
      ['/push2emrApi', { sid: SID, icdCodes: ['I10', 'N183'] }],
    ]);
    expect(row(/^I10 /)).toHaveTextContent('Written');
    expect(row(/^N18\.3 /)).toHaveTextContent('Open Cairn from the EHR to send diagnoses');
    expect(client.getQueryState(tabQuery)?.isInvalidated).toBe(true);
  });

  it('sends once when clicked again while the first write is in flight', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const { calls: allCalls } = answerApi({
      ...LINKED,
      '/push2emrApi': () => new Promise((resolve) => (answer = resolve)),
    });
    renderWithProviders(<CartPanel sid={SID} data={anEmptySummary({ cart: [aCartItem(HYPERTENSION)] })} />);

    const button = screen.getByRole('button', { name: 'Add to Encounter' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('button', { name: /Add to Encounter/ })).toBeDisabled());
    fireEvent.click(button);
    expect(within(row(/^I10 /)).getByText('Sending')).toBeInTheDocument();

    answer(result({ results: [{ icdCode: 'I10', status: 'written' }] }));
    expect(await within(row(/^I10 /)).findByText('Written')).toBeInTheDocument();
    expect(allCalls.filter((call) => call.path === '/push2emrApi')).toHaveLength(1);
  });

  it('retries only the codes that failed', async () => {
    const { calls: allCalls } = answerApi({
      ...LINKED,
      '/push2emrApi': (body) =>
        result({ results: (body.icdCodes as string[]).map((icdCode) => ({ icdCode, status: 'written' })) }),
    });
    renderWithProviders(<CartPanel sid={SID} data={anEmptySummary({ cart })} />);

    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await within(row(/^N18\.3 /)).findByText('Written')).toBeInTheDocument();
    expect(writes(allCalls).map((call) => call.body)).toEqual([{ sid: SID, icdCodes: ['N183'] }]);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('fails every code with the reason when the write fails as a whole, and lets the provider retry', async () => {
    let isEhrDown = true;
    const { calls: allCalls } = answerApi({
      ...LINKED,
      '/push2emrApi': (body) =>
        isEhrDown
          ? { status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'The EHR did not answer in time' } } }
          : result({ results: (body.icdCodes as string[]).map((icdCode) => ({ icdCode, status: 'written' })) }),
    });
    renderWithProviders(<CartPanel sid={SID} data={anEmptySummary({ cart: [aCartItem(HYPERTENSION)] })} />);

    await user.click(screen.getByRole('button', { name: 'Add to Encounter' }));
    expect(await within(row(/^I10 /)).findByText('The EHR did not answer in time')).toBeInTheDocument();

    isEhrDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await within(row(/^I10 /)).findByText('Written')).toBeInTheDocument();
    expect(writes(allCalls).map((call) => call.body.icdCodes)).toEqual([['I10'], ['I10']]);
  });

  it('has nothing to send once every code is written', () => {
    answerApi(LINKED);
    renderWithProviders(
      <CartPanel
        sid={SID}
        data={anEmptySummary({ cart: [aCartItem({ push: { status: 'written', at: PUSHED_AT } })] })}
      />,
    );
    expect(screen.getByRole('button', { name: 'Add to Encounter' })).toBeDisabled();
    expect(screen.getByText('Every diagnosis is on the encounter')).toBeInTheDocument();
  });

  it('sends the written codes again when care gaps were marked addressed since (they go with the cart)', async () => {
    const { calls: allCalls } = answerApi({
      ...LINKED,
      '/push2emrApi': (body) =>
        result({
          results: (body.icdCodes as string[]).map((icdCode) => ({ icdCode, status: 'written' })),
          careGaps: { measureIds: ['CMS165'], status: 'written' },
        }),
    });
    renderWithProviders(
      <CartPanel
        sid={SID}
        data={anEmptySummary({ cart: [aCartItem({ push: { status: 'written', at: PUSHED_AT } })] })}
        othersToSend={1}
      />,
    );
    expect(screen.getByText('Every diagnosis is on the encounter; the care gaps marked since are not')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add to Encounter' }));
    await waitFor(() => expect(writes(allCalls).map((call) => call.body)).toEqual([{ sid: SID, icdCodes: ['E1122'] }]));
  });
});

describe('removing a diagnosis from the cart', () => {
  const data = anEmptySummary({
    cart: [aCartItem()],
    groups: [{ hcc: 37, label: 'HCC 37 Diabetes', items: [anItem({ decision: aDecision({ version: 4 }) })] }],
  });

  it("resets the code's decision, naming the version the user saw, and refreshes the tab", async () => {
    const { calls: allCalls } = answerApi({
      ...LINKED,
      '/addSummaryInsightActions': () => result({ decisions: [], scrub: null }),
    });
    const { queryClient: client } = renderWithProviders(<CartPanel sid={SID} data={data} />);
    // The Diagnosis Summary tab's query, as the tab puts it in the cache.
    const tabQuery = [...dxCaptureDataKey(SID), { isGroupingOn: true }];
    client.setQueryData(tabQuery, data);

    await user.click(screen.getByRole('button', { name: 'Remove E11.22 from the cart' }));

    await waitFor(() => expect(client.getQueryState(tabQuery)?.isInvalidated).toBe(true));
    expect(writes(allCalls).map((call) => [call.path, call.body])).toEqual([
      ['/addSummaryInsightActions', { sid: SID, actions: [{ icdCode: 'E1122', action: 'reset', expectedVersion: 4 }] }],
    ]);
  });

  it('marks the change as post-visit once the visit was written to the EHR', async () => {
    const { calls: allCalls } = answerApi({
      ...LINKED,
      '/addSummaryInsightActions': () => result({ decisions: [], scrub: null }),
    });
    renderWithProviders(<CartPanel sid={SID} data={{ ...data, pushedAt: PUSHED_AT }} />);

    await user.click(screen.getByRole('button', { name: 'Remove E11.22 from the cart' }));

    await waitFor(() => expect(writes(allCalls)).toHaveLength(1));
    expect(writes(allCalls)[0]!.body).toEqual({
      sid: SID,
      actions: [{ icdCode: 'E1122', action: 'reset', expectedVersion: 4 }],
      isPostVisit: true,
      postVisitUpdatedIcds: ['E1122'],
    });
  });

  it("shows the server's message on a conflict and reads the visit again", async () => {
    answerApi({
      ...LINKED,
      '/addSummaryInsightActions': () => ({
        status: 409,
        body: {
          error: { code: 'CONFLICT', message: 'Cora Coder changed this diagnosis at 10:42; reload to see it' },
        },
      }),
    });
    const { queryClient: client } = renderWithProviders(<CartPanel sid={SID} data={data} />);
    // The Diagnosis Summary tab's query, as the tab puts it in the cache.
    const tabQuery = [...dxCaptureDataKey(SID), { isGroupingOn: true }];
    client.setQueryData(tabQuery, data);

    await user.click(screen.getByRole('button', { name: 'Remove E11.22 from the cart' }));

    expect(await screen.findByText('Cora Coder changed this diagnosis at 10:42; reload to see it')).toBeInTheDocument();
    expect(client.getQueryState(tabQuery)?.isInvalidated).toBe(true);
  });
});

describe("the visit's link to the EHR, on the cart from the start", () => {
  const notLinked = (reason: string, fix: string) => ({
    '/getEncounterStatus': result({ encounterId: null, status: null, isPushable: false, reason, fix }),
  });

  it('says the visit is linked to its encounter, even with an empty cart', async () => {
    answerApi(LINKED);
    renderWithProviders(<CartPanel sid={SID} data={anEmptySummary()} />);
    expect(await screen.findByText('Linked to EHR encounter enc-1 (in-progress)')).toBeVisible();
  });

  it('says why diagnoses cannot be written yet, turns Add to Encounter off, and names the fix', async () => {
    const { calls } = answerApi(notLinked('EncounterIdMissing', 'launch-from-ehr'));
    renderWithProviders(<CartPanel sid={SID} data={anEmptySummary({ cart: [aCartItem()] })} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This visit has no encounter in the EHR yet');
    expect(alert).toHaveTextContent('Open this visit from the EHR (launch Cairn from its encounter)');
    expect(screen.getByRole('button', { name: 'Add to Encounter' })).toBeDisabled();
    await user.click(within(alert).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/getEncounterStatus')).toHaveLength(2));
    expect(calls.some((call) => call.path === '/push2emrApi')).toBe(false);
  });

  it('reads the visit from the EHR again when the user has an EHR session, then checks the link again', async () => {
    let status: Record<string, unknown> = {
      encounterId: null,
      status: null,
      isPushable: false,
      reason: 'EncounterIdMissing',
      fix: 'sync-from-ehr',
    };
    const { callsTo } = answerApi({
      '/getEncounterStatus': () => result(status),
      '/syncEhrPatient': () => {
        status = { encounterId: 'enc-9', status: 'in-progress', isPushable: true };
        return result({ lastSyncedAt: '2026-11-25T10:00:00.000Z', imported: { Encounter: 1 } });
      },
    });
    renderWithProviders(<CartPanel sid={SID} data={anEmptySummary({ cart: [aCartItem()] })} />);
    await user.click(await screen.findByRole('button', { name: 'Read the visit from the EHR' }));
    expect(await screen.findByText('Linked to EHR encounter enc-9 (in-progress)')).toBeVisible();
    expect(callsTo('/syncEhrPatient')[0]?.body).toEqual({ sid: SID });
    expect(screen.getByRole('button', { name: 'Add to Encounter' })).toBeEnabled();
  });

  it('offers the codes to copy when the EHR does not take diagnoses from Cairn', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    answerApi(notLinked('PredictorNotImplementedForEHR', 'enter-by-hand'));
    renderWithProviders(
      <CartPanel sid={SID} data={anEmptySummary({ cart: [aCartItem(), aCartItem(HYPERTENSION)] })} />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This EHR does not accept diagnoses from Cairn');
    await user.click(screen.getByRole('button', { name: 'Copy the codes' }));
    expect(writeText).toHaveBeenCalledWith(
      'E11.22 Type 2 diabetes mellitus with diabetic chronic kidney disease\nI10 Essential (primary) hypertension',
    );
  });

  it('shows a coder no link: only a provider writes to the EHR', () => {
    const { calls } = answerApi({});
    renderWithProviders(<CartPanel sid={SID} data={anEmptySummary({ role: 'coder', cart: [aCartItem()] })} />);
    expect(screen.queryByText(/EHR encounter/)).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
