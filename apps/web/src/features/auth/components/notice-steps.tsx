import { Button } from './controls';
import type { StepProps } from './flow';
import { StepFrame } from './step-frame';

/** The password was changed; continuing signs in with the new one. */
export function ChangePasswordDone({ flow }: StepProps) {
  const { pending } = flow;
  return (
    <StepFrame title="Password changed" intro="Your password has been changed. Use it from now on.">
      <Button onClick={() => void (pending ? flow.follow(pending) : flow.go('PasswordLogin'))}>Continue</Button>
    </StepFrame>
  );
}

/** A reset code was requested; the answer never says whether the account exists. */
export function RecoverPasswordSetEmailDone({ flow }: StepProps) {
  return (
    <StepFrame
      title="Check your email"
      intro={`If an account exists for ${flow.username}, we sent a one-time code to its email address. The code expires soon.`}
    >
      <Button onClick={() => flow.go('RecoverPassword')}>Enter the code</Button>
    </StepFrame>
  );
}

/** The password was reset with the emailed code. */
export function RecoverPasswordDone({ flow }: StepProps) {
  return (
    <StepFrame title="Password reset" intro="Your password has been reset. Sign in with your new password.">
      <Button onClick={() => flow.go('PasswordLogin')}>Back to sign in</Button>
    </StepFrame>
  );
}
