import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, result } from '../../../testing/answer-api';
import { aFitTemplate } from '../../../testing/quality-fit-factories';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import { FitTemplates } from './fit-templates';

describe('the FIT letter templates', () => {
  it('lists each template and opens one to change it', async () => {
    answerApi({
      '/quality/fit/templates': result([
        aFitTemplate(),
        aFitTemplate({ id: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e', name: 'Invitación', language: 'es', batchCount: 0 }),
      ]),
    });
    renderWithProviders(<FitTemplates />);
    const rows = within(await screen.findByRole('table', { name: 'FIT letter templates' })).getAllByRole('row');
    expect(within(rows[1]!).getByText('21 days after mailing')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('10/02/2026 by Quinn Lead')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Spanish')).toBeInTheDocument();
    await fastUser().click(screen.getByRole('button', { name: 'Edit Invitación' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit Invitación' });
    expect(within(drawer).getByLabelText('Name')).toHaveValue('Invitación');
    expect(within(drawer).getByRole('button', { name: 'Save the template' })).toBeInTheDocument();
  });

  it('says when there is none yet', async () => {
    answerApi({ '/quality/fit/templates': result([]) });
    renderWithProviders(<FitTemplates />);
    expect(await screen.findByText('No letter template yet')).toBeInTheDocument();
  });
});
