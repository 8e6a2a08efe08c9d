import { screen, within } from '@testing-library/react';
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

  it('says there are no templates when they cannot be loaded', async () => {
    answerApi({ '/getNoteTemplates': () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } }) });
    renderWithProviders(<NoteWizardButton sid={SID} data={data} />);
    await user.click(screen.getByRole('button', { name: 'Note wizard' }));
    expect(await screen.findByText('No note templates are available')).toBeInTheDocument();
  });
});
