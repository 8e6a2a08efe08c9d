import type { DxCaptureData } from '@cairn/contracts';
import { act, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoteWizardButton } from './note-wizard-button';
import { answerApi, result } from '../../../testing/answer-api';
import { aCartItem, anEmptySummary, anItem, SID } from '../../../testing/factories';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import { signIn } from '../../../testing/session';

const TEMPLATES = [
  { id: 'meat', name: 'Assessment and plan (MEAT)', section: 'Assessment and plan', lineTemplate: '{diagnosis}' },
  { id: 'problem', name: 'Problem-oriented assessment', section: 'Assessment', lineTemplate: '{diagnosis}' },
];

const DRAFT = {
  text: 'E11.22 Type 2 diabetes mellitus with diabetic chronic kidney disease: stable on metformin.',
  diagnoses: [
    {
      icdCode: 'E1122',
      description: 'Type 2 diabetes mellitus with diabetic chronic kidney disease',
      meat: { evaluate: 'eGFR 48 mL/min/1.73m2 on 2026-10-02', treat: 'Metformin 500 mg twice daily' },
    },
  ],
};

const HYPERGLYCEMIA = 'Type 2 diabetes mellitus with hyperglycemia';

const data = anEmptySummary({
  cart: [aCartItem()],
  groups: [
    {
      hcc: null,
      label: 'No HCC',
      items: [anItem({ icdCode: 'I10', description: 'Essential (primary) hypertension', hcc: null })],
    },
  ],
});

let user = fastUser();
beforeEach(() => {
  signIn();
  user = fastUser();
});
afterEach(() => vi.unstubAllGlobals());

describe('the note wizard', () => {
  it("drafts the assessment for the cart's diagnoses, to edit and copy", async () => {
    const { calls } = answerApi({
      '/getNoteTemplates': () => result(TEMPLATES),
      '/draftAssessmentNote': () => result(DRAFT),
    });
    renderWithProviders(<NoteWizardButton sid={SID} data={data} />);

    await user.click(screen.getByRole('button', { name: 'Note wizard' }));
    const diagnoses = await screen.findByRole('group', { name: 'Diagnoses' });
    expect(within(diagnoses).getByRole('checkbox', { name: /^E11\.22 / })).toBeChecked();
    expect(within(diagnoses).getByRole('checkbox', { name: /^I10 / })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Draft' }));

    const note = await screen.findByRole('textbox', { name: 'Assessment note' });
    expect(calls.find((call) => call.path === '/draftAssessmentNote')?.body).toEqual({
      sid: SID,
      templateId: 'meat',
      icdCodes: ['E1122'],
    });
    expect(note).toHaveValue(DRAFT.text);
    const evidence = screen.getByRole('region', { name: 'Supporting evidence' });
    expect(evidence).toHaveTextContent('Evaluate: eGFR 48 mL/min/1.73m2 on 2026-10-02');
    expect(evidence).toHaveTextContent('Treat: Metformin 500 mg twice daily');

    await user.click(note);
    await user.keyboard('{Control>}{End}{/Control}');
    await user.paste(' Recheck in 3 months.');
    await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));

    expect(await navigator.clipboard.readText()).toBe(`${DRAFT.text} Recheck in 3 months.`);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('sends the diagnoses the provider chose', async () => {
    const { calls } = answerApi({
      '/getNoteTemplates': () => result(TEMPLATES),
      '/draftAssessmentNote': () => result(DRAFT),
    });
    renderWithProviders(<NoteWizardButton sid={SID} data={data} />);

    await user.click(screen.getByRole('button', { name: 'Note wizard' }));
    await user.click(await screen.findByRole('checkbox', { name: /^I10 / }));
    await user.click(screen.getByRole('checkbox', { name: /^E11\.22 / }));
    await user.click(screen.getByRole('button', { name: 'Draft' }));

    await screen.findByRole('textbox', { name: 'Assessment note' });
    expect(calls.find((call) => call.path === '/draftAssessmentNote')?.body).toMatchObject({ icdCodes: ['I10'] });
  });

  it('chooses and drafts every code in the cart, one per code however the cart and suggestions write it', async () => {
    const { calls } = answerApi({
      '/getNoteTemplates': () => result(TEMPLATES),
      '/draftAssessmentNote': () => result(DRAFT),
    });
    const twoInCart = anEmptySummary({
      cart: [aCartItem(), aCartItem({ icdCode: 'E11.65', description: HYPERGLYCEMIA, isAdded: true })],
      groups: [{ hcc: 38, label: 'Diabetes', items: [anItem({ icdCode: 'E1165', description: HYPERGLYCEMIA })] }],
    });
    renderWithProviders(<NoteWizardButton sid={SID} data={twoInCart} />);

    await user.click(screen.getByRole('button', { name: 'Note wizard' }));
    const diagnoses = await screen.findByRole('group', { name: 'Diagnoses' });
    expect(within(diagnoses).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(diagnoses).getByRole('checkbox', { name: /^E11\.22 / })).toBeChecked();
    expect(within(diagnoses).getByRole('checkbox', { name: /^E11\.65 / })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Draft' }));

    await screen.findByRole('textbox', { name: 'Assessment note' });
    expect(calls.find((call) => call.path === '/draftAssessmentNote')?.body).toMatchObject({
      icdCodes: ['E1122', 'E1165'],
    });
  });

  it('chooses a code that joins the cart while the wizard is open', async () => {
    const { calls } = answerApi({
      '/getNoteTemplates': () => result(TEMPLATES),
      '/draftAssessmentNote': () => result(DRAFT),
    });
    let setSummary: (summary: DxCaptureData) => void = () => undefined;
    function WithChangingCart() {
      const [summary, changeSummary] = useState(data);
      setSummary = changeSummary;
      return <NoteWizardButton sid={SID} data={summary} />;
    }
    renderWithProviders(<WithChangingCart />);

    await user.click(screen.getByRole('button', { name: 'Note wizard' }));
    const diagnoses = await screen.findByRole('group', { name: 'Diagnoses' });
    act(() =>
      setSummary({ ...data, cart: [...data.cart, aCartItem({ icdCode: 'E1165', description: HYPERGLYCEMIA })] }),
    );

    expect(within(diagnoses).getByRole('checkbox', { name: /^E11\.65 / })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Draft' }));
    await screen.findByRole('textbox', { name: 'Assessment note' });
    expect(calls.find((call) => call.path === '/draftAssessmentNote')?.body).toMatchObject({
      icdCodes: ['E1122', 'E1165'],
    });
  });

  it('says there are no templates when they cannot be loaded', async () => {
    answerApi({ '/getNoteTemplates': () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } }) });
    renderWithProviders(<NoteWizardButton sid={SID} data={data} />);
    await user.click(screen.getByRole('button', { name: 'Note wizard' }));
    expect(await screen.findByText('No note templates are available')).toBeInTheDocument();
  });
});
