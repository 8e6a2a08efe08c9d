import { useState, type SyntheticEvent } from 'react';
import { useSession } from '../../../lib/session';
import { attemptLogin } from '../api/login';
import { Button, PasswordInput, TextInput } from './controls';
import type { StepProps } from './flow';
import { SsoSignInButtons } from './sso-sign-in';
import { Field, StepFrame } from './step-frame';

/** The first step: username and password. */
export function PasswordLogin({ flow }: StepProps) {
  const { inProgress } = useSession();
  const [username, setUsername] = useState(flow.username);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<string>();
  const [ssoError, setSsoError] = useState<string>();

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (!username.trim() || !password) {
      setMissing(!username.trim() ? 'Please enter your username.' : 'Please enter your password.');
      return;
    }
    setMissing(undefined);
    flow.setUsername(username.trim());
    await flow.follow(await attemptLogin({ username: username.trim(), password }));
  }

  return (
    <StepFrame title="Sign in" error={missing ?? ssoError ?? flow.message}>
      <form onSubmit={(event) => void submit(event)} style={{ display: 'grid', gap: 16 }} noValidate>
        <Field id="login-username" label="Username">
          <TextInput
            id="login-username"
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </Field>
        <Field id="login-password" label="Password">
          <PasswordInput
            id="login-password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <Button type="submit" isLoading={inProgress}>
          Sign in
        </Button>
        <Button variant="link" onClick={() => flow.go('RecoverPasswordSetEmail')}>
          Forgot your password?
        </Button>
      </form>
      <SsoSignInButtons providers={flow.ssoProviders} onError={setSsoError} />
    </StepFrame>
  );
}
