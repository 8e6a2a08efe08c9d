import { useState, type SyntheticEvent } from 'react';
import { useSession } from '../../../lib/session';
import { attemptLogin } from '../api/login';
import { messageForStatus } from '../utils/login-steps';
import { Button, PasswordInput, TextInput, CodeInput } from './controls';
import type { StepProps } from './flow';
import { Field, StepFrame } from './step-frame';

const CODE_FORM_TITLE = 'Sign in with your authentication app code';

/**
 * A locked account (passwordAttemptsExceeded) and its two ways out, so that a lock never keeps the
 * real user out: the password with a one-time code from the authentication app, which the server
 * accepts despite the lock, or a reset by emailed code. The password is asked again: the one that
 * led here may have been the wrong one. The server answers every locked name alike, known or not.
 */
export default function LockedAccount({ flow }: StepProps) {
  const { inProgress } = useSession();
  const [username, setUsername] = useState(flow.username);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string>();

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    const problem = missingInput({ username, password, code });
    setInvalid(problem);
    if (problem) return;
    flow.setUsername(username.trim());
    const outcome = await attemptLogin({ username: username.trim(), password, totpCode: code });
    // A code works once: the next attempt needs the app's next one.
    setCode('');
    if (outcome.status !== 'passwordAttemptsExceeded') return flow.follow(outcome);
    setPassword('');
    const locked = messageForStatus(outcome.status, outcome.lockedUntil) ?? '';
    flow.go('LockedAccount', { message: `The password or the code was not accepted. ${locked}` });
  }

  return (
    <StepFrame
      title="Your account is locked"
      intro="You can still sign in with your password and a code from your authentication app, or recover your account with a code sent to your email."
      error={invalid ?? flow.message}
    >
      <form
        aria-labelledby="locked-code-title"
        onSubmit={(event) => void submit(event)}
        style={{ display: 'grid', gap: 16 }}
        noValidate
      >
        <h2 id="locked-code-title" style={{ fontSize: 16, fontWeight: 600, margin: 0 }}>
          {CODE_FORM_TITLE}
        </h2>
        <Field id="locked-username" label="Username">
          <TextInput
            id="locked-username"
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </Field>
        <Field id="locked-password" label="Password">
          <PasswordInput
            id="locked-password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <Field id="locked-code" label="Authentication app code">
          <CodeInput id="locked-code" length={6} value={code} onChange={setCode} />
        </Field>
        <Button type="submit" isLoading={inProgress}>
          Sign in with code
        </Button>
      </form>
      <Button variant="link" onClick={() => flow.go('RecoverPasswordSetEmail')}>
        Recover your account with a code sent to your email
      </Button>
      <Button variant="link" onClick={() => flow.go('PasswordLogin')}>
        Back to sign in
      </Button>
    </StepFrame>
  );
}

function missingInput({ username, password, code }: { username: string; password: string; code: string }) {
  if (!username.trim()) return 'Please enter your username.';
  if (!password) return 'Please enter your password.';
  if (!/^\d{6}$/.test(code)) return 'Enter the 6-digit code from your authentication app.';
  return undefined;
}
