import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerApi, result } from '../../../testing/answer-api';
import { aFitTemplate } from '../../../testing/quality-fit-factories';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import { FitTemplateForm } from './fit-template-form';

describe('a FIT letter template', () => {
  it('names an unknown merge field before saving, and sends nothing', async () => {
    const { callsTo } = answerApi({});
    renderWithProviders(<FitTemplateForm onSaved={vi.fn()} />);
    const user = fastUser();
    await user.click(screen.getByLabelText('Name'));
    await user.paste('Autumn');
    const letter = screen.getByLabelText('Letter');
    await user.clear(letter);
    await user.paste('Hello {{patient.nickname}}');
    await user.click(screen.getByRole('button', { name: 'Add the template' }));
    expect(await screen.findByText('Unknown merge field {{patient.nickname}}')).toBeInTheDocument();
    expect(callsTo('/quality/fit/templates/create')).toHaveLength(0);
  });

  it('inserts a merge field where the cursor is and saves the template', async () => {
    const { callsTo } = answerApi({ '/quality/fit/templates/create': result(aFitTemplate({ name: 'Autumn' })) });
    const onSaved = vi.fn();
    renderWithProviders(<FitTemplateForm onSaved={onSaved} />);
    const user = fastUser();
    await user.click(screen.getByLabelText('Name'));
    await user.paste('Autumn');
    const letter = screen.getByLabelText('Letter');
    await user.clear(letter);
    await user.paste('Hello ');
    await user.click(screen.getByRole('button', { name: '{{returnBy}}' }));
    expect(letter).toHaveValue('Hello {{returnBy}}');
    await user.click(screen.getByRole('button', { name: 'Add the template' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(callsTo('/quality/fit/templates/create')[0]?.body).toEqual({
      name: 'Autumn',
      language: 'en',
      body: 'Hello {{returnBy}}',
      returnByDays: 21,
    });
  });

  it('previews the letter merged for the sample patient', async () => {
    const { callsTo } = answerApi({
      '/quality/fit/templates/preview': result({
        letter: {
          returnAddress: ['Riverside Health'],
          date: 'November 28, 2026',
          addressBlock: ['Alexandra Sample-Whitfield', '1200 North Riverside Boulevard'],
          body: 'Dear Alexandra,',
        },
        patient: null,
      }),
    });
    renderWithProviders(<FitTemplateForm template={aFitTemplate()} onSaved={vi.fn()} />);
    await fastUser().click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Dear Alexandra,')).toBeInTheDocument();
    expect(callsTo('/quality/fit/templates/preview')[0]?.body).toEqual({
      template: { body: aFitTemplate().body, language: 'en', returnByDays: 21 },
    });
  });
});
