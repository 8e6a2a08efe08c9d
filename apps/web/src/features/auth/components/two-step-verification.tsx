import { useState, type SyntheticEvent } from 'react';
import { useSession } from '../../../lib/session';
import { attemptLogin } from '../api/login';
import { Button, CodeInput } from './controls';
import type { StepProps } from './flow';
import { Field, StepFrame } from './step-frame';

/** The one-time code of an account with TOTP enrolled (spec §4: totpRequired, then totpFailure on a wrong code). */
export default function TwoStepVerification({ flow }: StepProps) {
  const { inProgress } = useSession();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string>();

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setInvalid('Enter the 6-digit code from your authenticator app.');
      return;
    }
    setInvalid(undefined);
    await flow.follow(await attemptLogin({ username: flow.username, password: flow.password, totpCode: code }));
    setCode('');
  }

  return (
    <StepFrame
      title="Two-step verification"
      intro="Enter the 6-digit code shown in your authenticator app."
      error={invalid ?? flow.message}
    >
      <form onSubmit={(event) => void submit(event)} style={{ display: 'grid', gap: 16 }} noValidate>
        <Field id="totp-code" label="Verification code">
          <CodeInput id="totp-code" length={6} value={code} onChange={setCode} />
        </Field>
        <Button type="submit" isLoading={inProgress}>
          Verify
        </Button>
        <Button variant="link" onClick={() => flow.go('PasswordLogin')}>
          Back to sign in
        </Button>
      </form>
    </StepFrame>
  );
}
