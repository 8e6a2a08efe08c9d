import { Alert, Button, Card, Input, Result, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { accountStatusQuery, useConfirmTwoStep, useDisableTwoStep, useStartTwoStep } from '../api/two-step';
import { LoadingState } from '../../../components/loading-state';
import { ErrorState } from '../../../components/error-state';

/** What the server said about a field, or a plain fallback: never the raw status text. */
function errorText(error: unknown, fallback: string): string | undefined {
  if (!error) return undefined;
  if (isApiError(error) && error.status === 422) return error.serverMessage ?? fallback;
  if (isApiError(error) && error.status === 409) return error.serverMessage ?? fallback;
  return fallback;
}

const isSixDigits = (code: string) => /^\d{6}$/.test(code);

/**
 * Two-step verification (RFC 6238 TOTP): turn it on with the current password, a QR code for the
 * authenticator app and a first code; or turn it off with a current code.
 */
export function TwoStepSetup() {
  const status = useQuery(accountStatusQuery);
  if (status.isPending) return <LoadingState label="Loading your account" />;
  if (status.isError) return <ErrorState title="Your account could not be loaded. Please try again later." />;
  return status.data.totpEnabled ? <TurnOff /> : <TurnOn />;
}

function TurnOn() {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const start = useStartTwoStep();
  const confirm = useConfirmTwoStep();
  if (confirm.isSuccess) {
    return (
      <Result
        status="success"
        title="Two-step verification is on"
        subTitle="From now on, sign-in asks for a code from your app."
      />
    );
  }
  if (!start.data) {
    return (
      <Card title="Turn on two-step verification" style={{ maxWidth: 520 }}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text>Enter your password to begin.</Typography.Text>
          <Input.Password
            aria-label="Current password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {start.error && (
            <Alert
              type="error"
              showIcon
              title={errorText(start.error, 'Something unexpected happened, please try again later')}
            />
          )}
          <Button type="primary" disabled={!password} loading={start.isPending} onClick={() => start.mutate(password)}>
            Continue
          </Button>
        </Space>
      </Card>
    );
  }
  return (
    <Card title="Scan the code with your authenticator app" style={{ maxWidth: 520 }}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <img src={start.data.qrCode} alt="QR code for your authenticator app" width={240} height={240} />
        <Typography.Text>
          Or type this key:{' '}
          <Typography.Text code copyable>
            {start.data.secret}
          </Typography.Text>
        </Typography.Text>
        <Input
          aria-label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        />
        {confirm.error && (
          <Alert
            type="error"
            showIcon
            title={errorText(confirm.error, 'This code is not valid; use the current one from your app')}
          />
        )}
        <Button
          type="primary"
          disabled={!isSixDigits(code)}
          loading={confirm.isPending}
          onClick={() => confirm.mutate(code)}
        >
          Turn on
        </Button>
      </Space>
    </Card>
  );
}

function TurnOff() {
  const [code, setCode] = useState('');
  const disable = useDisableTwoStep();
  return (
    <Card title="Two-step verification is on" style={{ maxWidth: 520 }}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text>To turn it off, enter the current code from your app.</Typography.Text>
        <Input
          aria-label="Code from the app"
          inputMode="numeric"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        />
        {disable.error && (
          <Alert
            type="error"
            showIcon
            title={errorText(disable.error, 'This code is not valid; use the current one from your app')}
          />
        )}
        <Button danger disabled={!isSixDigits(code)} loading={disable.isPending} onClick={() => disable.mutate(code)}>
          Turn off
        </Button>
      </Space>
    </Card>
  );
}
