import type { StepProps } from './flow';
import { ResetRequestForm } from './recover-password-set-email';

/** An expired password (180 days) replaced through an emailed code rather than the current password. */
export default function PasswordResetForOldPassword({ flow }: StepProps) {
  return (
    <ResetRequestForm
      flow={flow}
      title="Reset your expired password"
      intro="We will email you a one-time code to choose a new password."
      is180DaysReset
    />
  );
}
