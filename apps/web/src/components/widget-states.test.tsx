import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { LoadingState } from './loading-state';
import { WidgetBoundary } from './widget-boundary';
import { fastUser } from '../testing/render-with-providers';

describe('the shared widget states', () => {
  it('announces loading by its label, whether a spinner or a skeleton', () => {
    render(
      <>
        <LoadingState label="Loading the schedule" />
        <LoadingState label="Loading labs" rows={3} />
      </>,
    );
    expect(screen.getByRole('status', { name: 'Loading the schedule' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading labs' })).toBeInTheDocument();
  });

  it('shows an error as an alert, with a retry when one is offered', async () => {
    const onRetry = vi.fn();
    render(<ErrorState title="The documents could not be loaded." onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The documents could not be loaded.');
    await fastUser().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('says what there is none of', () => {
    render(<EmptyState description="No documents" compact />);
    expect(screen.getByText('No documents')).toBeInTheDocument();
  });
});

describe('WidgetBoundary', () => {
  it('keeps one failing widget from blanking the page, and renders it again on retry', async () => {
    let isBroken = true;
    function Labs() {
      if (isBroken) throw new Error('labs broke');
      return <p>HbA1c 8.2 %</p>;
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <WidgetBoundary name="Labs">
          <Labs />
        </WidgetBoundary>
        <p>Medications</p>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Labs could not be shown.');
    expect(screen.getByText('Medications')).toBeInTheDocument();
    isBroken = false;
    await fastUser().click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('HbA1c 8.2 %')).toBeInTheDocument();
  });
});
