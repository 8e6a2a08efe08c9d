import type { QualityInsights } from '@cairn/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, failure, result, type ApiAnswer } from '../../../testing/answer-api';
import { aCareGap, aCareGapMark, aQualityInsights, CARE_GAP_PATIENT_ID } from '../../../testing/care-gap-factories';
import { SID } from '../../../testing/factories';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import { QualityInsightsTab } from './quality-insights-tab';

const INSIGHTS = '/getQualityInsights';
const MARK = '/markCareGapAddressed';
const UNMARK = '/unmarkCareGapAddressed';

let user = fastUser();
beforeEach(() => {
  user = fastUser();
});

function renderTab(sid: string | undefined = SID) {
  const onOpenEvidence = vi.fn();
  renderWithProviders(<QualityInsightsTab patientId={CARE_GAP_PATIENT_ID} sid={sid} onOpenEvidence={onOpenEvidence} />);
  return { onOpenEvidence };
}

const gapNamed = (name: RegExp): Promise<HTMLElement> => screen.findByRole('article', { name });

/** An answer held back until the test lets it go. */
function deferred(): { answer: Promise<ApiAnswer>; release: (answer: ApiAnswer) => void } {
  let release: (answer: ApiAnswer) => void = () => undefined;
  const answer = new Promise<ApiAnswer>((resolve) => (release = resolve));
  return { answer, release };
}

describe('QualityInsightsTab', () => {
  it('shows loading, then each applicable gap: status, why, what closes it and by when', async () => {
    const { calls } = answerApi({ [INSIGHTS]: result(aQualityInsights()) });
    renderTab();
    expect(screen.getByRole('status', { name: 'Loading the quality insights' })).toBeInTheDocument();

    const bloodPressure = await gapNamed(/^CMS165 Controlling High Blood Pressure/);
    expect(within(bloodPressure).getByText('Open')).toBeInTheDocument();
    expect(bloodPressure).toHaveTextContent('Due by 12/31/2026');
    expect(bloodPressure).toHaveTextContent(
      'Most recent blood pressure 152/94 mmHg on 2026-05-02 is not below 140/90.',
    );
    expect(bloodPressure).toHaveTextContent('What closes it: Most recent blood pressure this year below 140/90 mmHg');
    const why = within(bloodPressure).getByRole('list', { name: 'Why' });
    expect(
      within(why)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['In the measure03/01/2024Essential (primary) hypertension (I10)', 'Result05/02/2026Systolic 152 mmHg']);
    const colon = await gapNamed(/^CMS130 /);
    expect(within(colon).getByText('Closed')).toBeInTheDocument();
    expect(colon).toHaveTextContent('Counts until 12/31/2026');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      '1 open, 1 closed, 1 excluded, as of 06/15/2026',
    );
    expect(calls[0]?.body).toEqual({ cairnPatientId: CARE_GAP_PATIENT_ID, sid: SID });
  });

  it("opens a result's trend from the gap's evidence, as the Dx tab does", async () => {
    answerApi({ [INSIGHTS]: result(aQualityInsights()) });
    const { onOpenEvidence } = renderTab();
    const bloodPressure = await gapNamed(/^CMS165 /);
    expect(within(bloodPressure).getAllByRole('button', { name: /^View the trend|^Open the document/ })).toHaveLength(
      1,
    );
    await user.click(within(bloodPressure).getByRole('button', { name: 'View the trend: Systolic 152 mmHg' }));
    expect(onOpenEvidence).toHaveBeenCalledWith(
      expect.objectContaining({ link: { kind: 'lab', code: '8480-6', system: 'http://loinc.org' } }),
    );
  });

  it('keeps the measures that do not apply one click away', async () => {
    answerApi({ [INSIGHTS]: result(aQualityInsights()) });
    renderTab();
    const toggle = await screen.findByRole('button', { name: 'Show measures that do not apply (1)' });
    expect(screen.queryByRole('article', { name: /^CMS125 / })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const excluded = await gapNamed(/^CMS125 Breast Cancer Screening/);
    expect(within(excluded).getByText('Excluded')).toBeInTheDocument();
    expect(excluded).toHaveTextContent('Excluded: bilateral mastectomy.');
    expect(within(excluded).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('says the patient is being analysed, the request failed (with a retry), or there is nothing', async () => {
    answerApi({ [INSIGHTS]: result(aQualityInsights({ isAnalysed: false, gaps: [], asOf: null })) });
    const first = renderWithProviders(
      <QualityInsightsTab patientId={CARE_GAP_PATIENT_ID} sid={SID} onOpenEvidence={vi.fn()} />,
    );
    expect(await screen.findByText("Analysing this patient's data...")).toBeInTheDocument();
    first.unmount();

    let isFailing = true;
    const { callsTo } = answerApi({
      [INSIGHTS]: () => (isFailing ? failure(500) : result(aQualityInsights({ gaps: [] }))),
    });
    renderTab();
    expect(await screen.findByText('The quality insights could not be loaded.')).toBeInTheDocument();
    isFailing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No quality measures for this patient')).toBeInTheDocument();
    expect(callsTo(INSIGHTS)).toHaveLength(2);
  });

  it('marks a gap addressed at once, then shows what the server stored', async () => {
    const held = deferred();
    let stored: QualityInsights = aQualityInsights();
    const { callsTo } = answerApi({
      [INSIGHTS]: () => result(stored),
      [MARK]: () => held.answer,
    });
    renderTab();
    const bloodPressure = await gapNamed(/^CMS165 /);
    const checkbox = within(bloodPressure).getByRole('checkbox', { name: 'Addressed at this visit' });
    await user.type(
      within(bloodPressure).getByRole('textbox', { name: 'Note on CMS165 (optional)' }),
      'Amlodipine started',
    );
    await user.click(checkbox);

    // Shown before the server answers, and not changed again while the write is on its way.
    expect(checkbox).toBeChecked();
    expect(checkbox).toBeDisabled();
    expect(bloodPressure).toHaveTextContent('(Amlodipine started). Goes to the EHR with the cart (Add to Encounter).');
    expect(callsTo(MARK).map((call) => call.body)).toEqual([
      { sid: SID, measureId: 'CMS165', note: 'Amlodipine started' },
    ]);

    const mark = aCareGapMark({ note: 'Amlodipine started' });
    stored = aQualityInsights({ gaps: [aCareGap({ mark })] });
    held.release(result({ marks: [mark] }));
    await waitFor(() =>
      expect(bloodPressure).toHaveTextContent(
        'Marked by Maya Rivera (Amlodipine started). Goes to the EHR with the cart',
      ),
    );
    expect(checkbox).toBeEnabled();
  });

  it('takes the mark back and says why when the server refuses it', async () => {
    answerApi({
      [INSIGHTS]: result(aQualityInsights()),
      [MARK]: failure(409, 'CONFLICT', "This patient's data is being analysed; mark the gap once it shows again."),
    });
    renderTab();
    const checkbox = within(await gapNamed(/^CMS165 /)).getByRole('checkbox', { name: 'Addressed at this visit' });
    await user.click(checkbox);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "CMS165 could not be marked: This patient's data is being analysed; mark the gap once it shows again.",
    );
    await waitFor(() => expect(checkbox).not.toBeChecked());
  });

  it('unmarks with the keyboard a gap not yet sent', async () => {
    const marked = aQualityInsights({ gaps: [aCareGap({ mark: aCareGapMark() })] });
    const { callsTo } = answerApi({
      [INSIGHTS]: result(marked),
      [UNMARK]: result({ marks: [] }),
    });
    renderTab();
    const checkbox = within(await gapNamed(/^CMS165 /)).getByRole('checkbox', { name: 'Addressed at this visit' });
    expect(checkbox).toBeChecked();
    checkbox.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(callsTo(UNMARK).map((call) => call.body)).toEqual([{ sid: SID, measureId: 'CMS165' }]));
  });

  it('shows a mark written to the EHR as sent, and no longer changeable', async () => {
    const sent = aCareGapMark({ send: { status: 'written', at: '2026-06-15T10:00:00Z' } });
    answerApi({ [INSIGHTS]: result(aQualityInsights({ gaps: [aCareGap({ mark: sent })] })) });
    renderTab();
    const bloodPressure = await gapNamed(/^CMS165 /);
    expect(within(bloodPressure).getByRole('checkbox', { name: 'Addressed at this visit' })).toBeDisabled();
    expect(bloodPressure).toHaveTextContent('Sent to the EHR with the cart on 06/15/2026.');
  });

  it('offers no mark without a visit, or to a user who may not mark', async () => {
    answerApi({ [INSIGHTS]: result(aQualityInsights({ sid: null, canMark: false })) });
    renderTab(undefined);
    const bloodPressure = await gapNamed(/^CMS165 /);
    expect(within(bloodPressure).queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
