import { useLocation } from 'react-router';
import AcceptInvitation, { invitationTokenOf } from './accept-invitation';
import type { StepProps } from './flow';
import { ChangePasswordForm } from './change-password';

/**
 * The first sign-in of an account an administrator created: the user chooses their own password, with
 * the invitation link the administrator mailed (`/login?invitation=...`), or in place of the temporary
 * password they were given.
 */
export default function InitializePassword({ flow }: StepProps) {
  const location = useLocation();
  if (invitationTokenOf(location.search)) return <AcceptInvitation flow={flow} />;
  return (
    <ChangePasswordForm
      flow={flow}
      title="Choose your password"
      intro="This is your first sign-in. Replace the temporary password you were given with one of your own."
      submitLabel="Set password"
    />
  );
}
