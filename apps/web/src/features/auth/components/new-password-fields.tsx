import { MIN_PASSWORD_LENGTH } from '../utils/password-strength';
import { PasswordInput } from './controls';
import { PasswordStrengthMeter } from './password-strength-meter';
import { Field } from './step-frame';

export interface NewPassword {
  password: string;
  confirmation: string;
}

/** Spec §5: the message when the new password is left empty. */
export const NEW_PASSWORD_REQUIRED = 'New password is required.';

/** Why a new password cannot be sent yet, or `undefined` when it can. */
export function newPasswordProblem({ password, confirmation }: NewPassword): string | undefined {
  if (!password) return NEW_PASSWORD_REQUIRED;
  if (password.length < MIN_PASSWORD_LENGTH) return `A password has at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password !== confirmation) return 'The two passwords do not match.';
  return undefined;
}

/** The new password, its strength and its confirmation. */
export function NewPasswordFields({ value, onChange }: { value: NewPassword; onChange: (value: NewPassword) => void }) {
  return (
    <>
      <Field id="new-password" label="New password">
        <PasswordInput
          id="new-password"
          autoComplete="new-password"
          value={value.password}
          onChange={(event) => onChange({ ...value, password: event.target.value })}
        />
      </Field>
      <PasswordStrengthMeter password={value.password} />
      <Field id="confirm-password" label="Confirm new password">
        <PasswordInput
          id="confirm-password"
          autoComplete="new-password"
          value={value.confirmation}
          onChange={(event) => onChange({ ...value, confirmation: event.target.value })}
        />
      </Field>
    </>
  );
}
