import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TwoStepSetup } from './two-step-setup';
import { answerApi, result } from '../../../testing/answer-api';

const METADATA = { view: 'Provider', is_admin: false, terms_accepted: true };

function renderSetup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TwoStepSetup />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('two-step verification setup', () => {
  it('turns TOTP on: password, then the QR code, then a first code', async () => {
    let enabled = false;
    const { calls } = answerApi({
      '/getUserMetadata': () => result({ ...METADATA, totp_enabled: enabled }),
      '/auth/totp/enroll': () =>
        result({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Cairn:a',
          qrCode: 'data:image/png;base64,AAAA',
        }),
      '/auth/totp/confirm': () => {
        enabled = true;
        return result(true);
      },
    });
    renderSetup();
    await userEvent.type(await screen.findByLabelText('Current password'), 'my password');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code from the app'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Two-step verification is on')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/auth/totp/enroll')?.body).toEqual({ password: 'my password' });
    expect(calls.find((call) => call.path === '/auth/totp/confirm')?.body).toEqual({ code: '123456' });
  });

  it("shows the server's reason when the password is wrong", async () => {
    answerApi({
      '/getUserMetadata': () => result({ ...METADATA, totp_enabled: false }),
      '/auth/totp/enroll': () => ({
        status: 422,
        body: { error: { code: 'VALIDATION_FAILED', message: 'Invalid password: The password is not right' } },
      }),
    });
    renderSetup();
    await userEvent.type(await screen.findByLabelText('Current password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Invalid password: The password is not right')).toBeInTheDocument();
  });

  it('offers to turn it off with a current code when it is on', async () => {
    answerApi({ '/getUserMetadata': () => result({ ...METADATA, totp_enabled: true }) });
    renderSetup();
    expect(await screen.findByText('Two-step verification is on')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeDisabled();
  });
});
