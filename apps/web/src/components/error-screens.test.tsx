import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApplicationErrorScreen } from './application-error-screen';
import { CookiesDisabledScreen } from './cookies-disabled-screen';
import { GenericErrorScreen } from './generic-error-screen';
import { NotFoundMessage } from './not-found-message';
import { fastUser } from '../testing/render-with-providers';

const OUTDATED_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.0.0 Safari/537.36';

describe('the generic error screen', () => {
  it('says what went wrong, what to do, and that the browser is outdated', () => {
    render(<GenericErrorScreen userAgent={OUTDATED_CHROME} />);
    expect(screen.getByText('Oops, Something Went Wrong')).toBeInTheDocument();
    expect(
      screen.getByText('Please try again later. If the problem continues, contact our support team for help.'),
    ).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent("We noticed you're using Chrome 99 which is outdated");
    expect(alert).toHaveClass('ant-alert-info');
  });

  it('shows the action it is given', () => {
    render(<GenericErrorScreen userAgent={OUTDATED_CHROME} action={<button type="button">Reload page</button>} />);
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
  });
});

describe('the application error screen', () => {
  it('reloads on request and opens its details on double click', async () => {
    const onReload = vi.fn();
    render(<ApplicationErrorScreen error={new Error('Cannot read summary')} onReload={onReload} />);
    expect(screen.getByText('Cannot read summary')).toBeInTheDocument();
    await fastUser().click(screen.getByRole('button', { name: 'Reload page' }));
    expect(onReload).toHaveBeenCalledOnce();

    expect(screen.queryByTestId('error-details')).not.toBeInTheDocument();
    await fastUser().dblClick(screen.getByRole('button', { name: /Error details/ }));
    const details = screen.getByTestId('error-details');
    expect(details).toHaveTextContent('Cannot read summary');
    expect(details).toHaveTextContent(navigator.userAgent);
    expect(details).toHaveStyle({ height: '300px' });
  });
});

describe('the not-found message', () => {
  it("reads '{name} not found. This {name} does not exist. Please try again later.'", () => {
    render(<NotFoundMessage name="Tab" />);
    expect(screen.getByText('Tab not found')).toBeInTheDocument();
    expect(screen.getByText('This Tab does not exist. Please try again later.')).toBeInTheDocument();
  });
});

describe('the cookie screens', () => {
  it('tells blocked third-party cookies inside a frame from disabled cookies', () => {
    const { rerender } = render(<CookiesDisabledScreen isEmbedded={false} />);
    expect(screen.getByText('Cookies Are Disabled')).toBeInTheDocument();
    rerender(<CookiesDisabledScreen isEmbedded />);
    expect(screen.getByText('Third-Party Cookies Blocked')).toBeInTheDocument();
  });
});
