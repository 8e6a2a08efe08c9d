import { useState, type SyntheticEvent } from 'react';
import { useSession } from '../../../lib/session';
import { changePassword } from '../api/change-password';
import { Button, PasswordInput, TextInput } from './controls';
import type { StepProps } from './flow';
import { NewPasswordFields, newPasswordProblem, type NewPassword } from './new-password-fields';
import { Field, StepFrame } from './step-frame';

export interface ChangePasswordFormProps extends StepProps {
  title: string;
  intro: string;
  submitLabel: string;
}

/**
 * A password change proved by the current password. When the user just typed it at sign-in it is not
 * asked again; on /auth/changePassword the username and current password are asked for.
 */
export function ChangePasswordForm({ flow, title, intro, submitLabel }: ChangePasswordFormProps) {
  const { inProgress } = useSession();
  const [username, setUsername] = useState(flow.username);
  const [oldPassword, setOldPassword] = useState(flow.password);
  const [newPassword, setNewPassword] = useState<NewPassword>({ password: '', confirmation: '' });
  const [error, setError] = useState<string>();
  const [isKnown] = useState(Boolean(flow.username && flow.password));

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    const problem = !username.trim() || !oldPassword ? 'Enter your username and current password.' : undefined;
    const invalid = problem ?? newPasswordProblem(newPassword);
    setError(invalid);
    if (invalid) return;
    const outcome = await changePassword({ username: username.trim(), oldPassword, newPassword: newPassword.password });
    if (outcome.status === 'success') {
      flow.setUsername(username.trim());
      flow.go('ChangePasswordDone', { pending: outcome });
      return;
    }
    if (outcome.status === 'credentialsFailure') return setError('The current password is incorrect.');
    if (outcome.status === 'totpRequired') return flow.follow(outcome);
    setError(outcome.errorMessage ?? 'Error changing password');
  }

  return (
    <StepFrame title={title} intro={intro} error={error}>
      <form onSubmit={(event) => void submit(event)} style={{ display: 'grid', gap: 12 }} noValidate>
        {!isKnown && (
          <>
            <Field id="change-username" label="Username">
              <TextInput
                id="change-username"
                autoComplete="username"
                value={username}
                onChange={(event) => setUsername(event.target.value)}
              />
            </Field>
            <Field id="current-password" label="Current password">
              <PasswordInput
                id="current-password"
                autoComplete="current-password"
                value={oldPassword}
                onChange={(event) => setOldPassword(event.target.value)}
              />
            </Field>
          </>
        )}
        <NewPasswordFields value={newPassword} onChange={setNewPassword} />
        <Button type="submit" isLoading={inProgress}>
          {submitLabel}
        </Button>
      </form>
    </StepFrame>
  );
}

/** Changing an expired password (after ChangePasswordAlert), or a voluntary change on /auth/changePassword. */
export default function ChangePassword({ flow }: StepProps) {
  return (
    <ChangePasswordForm
      flow={flow}
      title="Change your password"
      intro="Choose a new password you have not used before."
      submitLabel="Change password"
    />
  );
}
