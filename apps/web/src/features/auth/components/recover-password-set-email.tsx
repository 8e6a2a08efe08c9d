import { useState, type SyntheticEvent } from 'react';
import { requestPasswordReset } from '../api/recover-password';
import { Button, TextInput } from './controls';
import type { StepProps } from './flow';
import { Field, StepFrame } from './step-frame';

export interface ResetRequestFormProps extends StepProps {
  title: string;
  intro: string;
  is180DaysReset: boolean;
}

/** Asks for a one-time reset code by email for an account named by its username or email address. */
export function ResetRequestForm({ flow, title, intro, is180DaysReset }: ResetRequestFormProps) {
  const [username, setUsername] = useState(flow.username);
  const [error, setError] = useState<string>();
  const [isSending, setSending] = useState(false);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (!username.trim()) return setError('Please enter your username or email.');
    setSending(true);
    setError(undefined);
    try {
      await requestPasswordReset({ username: username.trim(), is180DaysReset });
      flow.setUsername(username.trim());
      flow.go('RecoverPasswordSetEmailDone');
    } catch {
      setError('The code could not be sent. Please try again later.');
    } finally {
      setSending(false);
    }
  }

  return (
    <StepFrame title={title} intro={intro} notice={flow.message} error={error}>
      <form onSubmit={(event) => void submit(event)} style={{ display: 'grid', gap: 16 }} noValidate>
        <Field id="reset-username" label="Username or email">
          <TextInput
            id="reset-username"
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </Field>
        <Button type="submit" isLoading={isSending}>
          Send code
        </Button>
        <Button variant="link" onClick={() => flow.go('PasswordLogin')}>
          Back to sign in
        </Button>
      </form>
    </StepFrame>
  );
}

/** Forgot password: a one-time code is emailed to the account. */
export default function RecoverPasswordSetEmail({ flow }: StepProps) {
  return (
    <ResetRequestForm
      flow={flow}
      title="Reset your password"
      intro="Enter your username or email. We will email you a one-time code to choose a new password."
      is180DaysReset={false}
    />
  );
}
