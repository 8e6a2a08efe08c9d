import type { StepProps } from './flow';
import { ChangePasswordForm } from './change-password';

/** The first sign-in of an account an administrator created: the user chooses their own password. */
export default function InitializePassword({ flow }: StepProps) {
  return (
    <ChangePasswordForm
      flow={flow}
      title="Choose your password"
      intro="This is your first sign-in. Replace the temporary password you were given with one of your own."
      submitLabel="Set password"
    />
  );
}
