import type { IcdSearchResult } from '@cairn/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddDiagnosisButton } from './add-diagnosis-button';
import { answerApi, result } from '../../../testing/answer-api';
import { aDecision, anEmptySummary, anItem, SID } from '../../../testing/factories';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import { signIn } from '../../../testing/session';
import { dxCaptureDataKey } from '../api/dx-capture-data-key';

function searchResult(overrides: Partial<IcdSearchResult> = {}): IcdSearchResult {
  return {
    icdCode: 'E1122',
    description: 'Type 2 diabetes mellitus with diabetic chronic kidney disease',
    billable: true,
    hcc: 37,
    hccLabel: 'Diabetes with Chronic Complications',
    raf: 0.166,
    warnings: [],
    ...overrides,
  };
}

const SEARCH_RESULTS = [
  searchResult(),
  searchResult({
    icdCode: 'E11',
    description: 'Type 2 diabetes mellitus',
    billable: false,
    nonBillableReason: 'NonBillable',
  }),
  searchResult({
    icdCode: 'O24111',
    description: 'Pre-existing type 2 diabetes mellitus, in pregnancy, first trimester',
    hcc: 36,
    hccLabel: 'Diabetes with Severe Acute Complications',
    warnings: ['Not valid for a male patient'],
  }),
];

// antd's first render of the results (CSS-in-JS under jsdom) can take a few seconds on a busy machine.
const SLOW_RENDER = { timeout: 5000 };

const SNOMED = [{ snomedCode: '771000119108', display: 'Chronic kidney disease due to type 2 diabetes mellitus' }];

let user = fastUser();
beforeEach(() => {
  signIn();
  user = fastUser();
});
afterEach(() => vi.unstubAllGlobals());

async function openAndSearch(text: string): Promise<void> {
  await user.click(screen.getByRole('button', { name: 'Add diagnosis' }));
  await user.type(await screen.findByRole('textbox', { name: 'Search diagnoses' }), text);
}

function resultRow(name: RegExp): HTMLElement {
  return within(screen.getByRole('list', { name: 'Matching codes' })).getByRole('listitem', { name });
}

describe('the add-diagnosis wizard', () => {
  it('searches once typing pauses, and shows each code with its HCC, RAF, warnings and billing', async () => {
    const { calls } = answerApi({ '/getICDData': () => result(SEARCH_RESULTS) });
    renderWithProviders(<AddDiagnosisButton sid={SID} data={anEmptySummary()} />);

    await openAndSearch('d');
    expect(screen.getByText('Type at least 2 characters of a code or a description')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search diagnoses' }), 'iabetes');

    const diabetes = await screen.findByRole('listitem', { name: /^E11\.22 / }, SLOW_RENDER);
    expect(calls.map((call) => [call.path, call.body])).toEqual([
      ['/getICDData', { searchText: 'diabetes', sid: SID }],
    ]);
    expect(diabetes).toHaveTextContent('HCC 37 Diabetes with Chronic Complications');
    expect(diabetes).toHaveTextContent('RAF 0.166');

    const warning = within(resultRow(/^O24\.111 /)).getByText('Not valid for a male patient');
    expect(warning.closest('.ant-tag')).toHaveClass('ant-tag-orange');

    const header = resultRow(/^E11 /);
    expect(header).toHaveTextContent('Not billable: pick a more specific code');
    expect(within(header).getByRole('button', { name: 'Choose E11' })).toBeDisabled();
  });

  it('shows an empty list when the search fails', async () => {
    answerApi({ '/getICDData': () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } }) });
    renderWithProviders(<AddDiagnosisButton sid={SID} data={anEmptySummary()} />);
    await openAndSearch('diabetes');
    expect(await screen.findByText('No codes match')).toBeInTheDocument();
  });

  it('adds the chosen code to the cart with its note, after showing its SNOMED CT concept, and refreshes the tab', async () => {
    const { calls } = answerApi({
      '/getICDData': () => result(SEARCH_RESULTS),
      '/getSnomedFromICD': () => result(SNOMED),
      '/addSummaryInsightActions': () => result({ decisions: [], scrub: null }),
    });
    const data = anEmptySummary();
    const { queryClient: client } = renderWithProviders(<AddDiagnosisButton sid={SID} data={data} />);
    // The Diagnosis Summary tab's query, as the tab puts it in the cache.
    const tabQuery = [...dxCaptureDataKey(SID), { isGroupingOn: true }];
    client.setQueryData(tabQuery, data);

    await openAndSearch('diabetes');
    await user.click(await screen.findByRole('button', { name: 'Choose E11.22' }, SLOW_RENDER));
    expect(
      await screen.findByText('Chronic kidney disease due to type 2 diabetes mellitus (771000119108)'),
    ).toBeInTheDocument();
    await user.click(screen.getByLabelText('Note (optional)'));
    await user.paste('eGFR 48 twice, 4 months apart');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.path === '/getSnomedFromICD')?.body).toEqual({ icdCode: 'E1122' });
    expect(calls.find((call) => call.path === '/addSummaryInsightActions')?.body).toEqual({
      sid: SID,
      actions: [{ icdCode: 'E1122', action: 'add', expectedVersion: 0, note: 'eGFR 48 twice, 4 months apart' }],
    });
    expect(client.getQueryState(tabQuery)?.isInvalidated).toBe(true);
  });

  it("names the existing decision's version when the code has one, as a post-visit change after the push", async () => {
    const { calls } = answerApi({
      '/getICDData': () => result(SEARCH_RESULTS),
      '/getSnomedFromICD': () => result([]),
      '/addSummaryInsightActions': () => result({ decisions: [], scrub: null }),
    });
    const rejected = aDecision({ status: 'rejected', reason: 'insufficient-documentation', version: 3 });
    const data = anEmptySummary({
      pushedAt: '2026-11-21T09:30:00.000Z',
      groups: [{ hcc: 37, label: 'HCC 37', items: [anItem({ decision: rejected })] }],
    });
    renderWithProviders(<AddDiagnosisButton sid={SID} data={data} />);

    await openAndSearch('E11');
    await user.click(await screen.findByRole('button', { name: 'Choose E11.22' }, SLOW_RENDER));
    expect(await screen.findByText('No SNOMED CT concept for this code')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    await waitFor(() => expect(calls.some((call) => call.path === '/addSummaryInsightActions')).toBe(true));
    expect(calls.find((call) => call.path === '/addSummaryInsightActions')?.body).toEqual({
      sid: SID,
      actions: [{ icdCode: 'E1122', action: 'add', expectedVersion: 3 }],
      isPostVisit: true,
      postVisitUpdatedIcds: ['E1122'],
    });
  });

  it("keeps the wizard open with the server's message on a conflict", async () => {
    answerApi({
      '/getICDData': () => result(SEARCH_RESULTS),
      '/getSnomedFromICD': () => result([]),
      '/addSummaryInsightActions': () => ({
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'Cora Coder changed this diagnosis at 10:42; reload to see it' } },
      }),
    });
    renderWithProviders(<AddDiagnosisButton sid={SID} data={anEmptySummary()} />);

    await openAndSearch('diabetes');
    await user.click(await screen.findByRole('button', { name: 'Choose E11.22' }, SLOW_RENDER));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    expect(await screen.findByText('Cora Coder changed this diagnosis at 10:42; reload to see it')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
