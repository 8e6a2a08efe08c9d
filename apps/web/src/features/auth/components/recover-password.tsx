import { useState, type SyntheticEvent } from 'react';
import { ApiError } from '../../../lib/api-error';
import { confirmReset } from '../api/recover-password';
import { Button, TextInput, CodeInput } from './controls';
import type { StepProps } from './flow';
import { NewPasswordFields, newPasswordProblem, type NewPassword } from './new-password-fields';
import { Field, StepFrame } from './step-frame';

/** The emailed one-time code and the new password. */
export default function RecoverPassword({ flow }: StepProps) {
  const [username, setUsername] = useState(flow.username);
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState<NewPassword>({ password: '', confirmation: '' });
  const [error, setError] = useState<string>();
  const [isSaving, setSaving] = useState(false);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    const invalid =
      (!username.trim() && 'Please enter your username or email.') ||
      (!/^\d{6,8}$/.test(code) && 'Enter the code from the email.') ||
      newPasswordProblem(newPassword);
    setError(invalid || undefined);
    if (invalid) return;
    setSaving(true);
    try {
      await confirmReset({ username: username.trim(), code, newPassword: newPassword.password });
      // Sign-in takes the username only: an account recovered by its email address signs in by name.
      flow.setUsername(username.includes('@') ? '' : username.trim());
      flow.go('RecoverPasswordDone');
    } catch (caught) {
      setError(resetError(caught));
    } finally {
      setSaving(false);
    }
  }

  return (
    <StepFrame title="Choose a new password" intro="Enter the code we emailed you and your new password." error={error}>
      <form onSubmit={(event) => void submit(event)} style={{ display: 'grid', gap: 12 }} noValidate>
        {!flow.username && (
          <Field id="recover-username" label="Username or email">
            <TextInput
              id="recover-username"
              autoComplete="username"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
          </Field>
        )}
        <Field id="recover-code" label="Code from the email">
          <CodeInput id="recover-code" length={8} value={code} onChange={setCode} />
        </Field>
        <NewPasswordFields value={newPassword} onChange={setNewPassword} />
        <Button type="submit" isLoading={isSaving}>
          Reset password
        </Button>
        <Button variant="link" onClick={() => flow.go('RecoverPasswordSetEmail')}>
          Send a new code
        </Button>
      </form>
    </StepFrame>
  );
}

function resetError(error: unknown): string {
  if (error instanceof ApiError && error.status !== undefined && error.status < 500) {
    if (error.code === 'RATE_LIMITED') return 'Too many attempts. Please wait a few minutes and try again.';
    if (error.code === 'VALIDATION_FAILED' && error.serverMessage) return error.serverMessage;
    return 'That code is not valid or has expired. Request a new one.';
  }
  return 'The password could not be reset. Please try again later.';
}
