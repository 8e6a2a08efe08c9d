import { Button } from './controls';
import type { StepProps } from './flow';
import { StepFrame } from './step-frame';

/** A password older than 180 days must be changed before signing in (spec: oldPassword). */
export default function ChangePasswordAlert({ flow }: StepProps) {
  return (
    <StepFrame
      title="Your password has expired"
      intro="Passwords must be changed every 180 days. Change yours now to continue to Cairn."
    >
      <Button onClick={() => flow.go('ChangePassword')}>Change password</Button>
      <Button variant="link" onClick={() => flow.go('PasswordResetForOldPassword')}>
        Reset it with a code sent to your email instead
      </Button>
    </StepFrame>
  );
}
