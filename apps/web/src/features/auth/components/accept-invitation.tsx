import { useEffect, useState, type SyntheticEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session';
import { isApiError } from '../../../lib/api-error';
import { acceptInvitation, readInvitation, type Invitation } from '../api/invitation';
import { attemptLogin } from '../api/login';
import { Button } from './controls';
import type { StepProps } from './flow';
import { NewPasswordFields, newPasswordProblem, type NewPassword } from './new-password-fields';
import { StepFrame } from './step-frame';

const INVALID_LINK =
  'This invitation link is not valid: it may have expired or been used already. Ask your administrator for a new one.';

/** The invitation token of the page's address (`/login?invitation=...`). */
export function invitationTokenOf(search: string): string | undefined {
  return new URLSearchParams(search).get('invitation') ?? undefined;
}

/**
 * InitializePassword for an administrator's invitation link (issue 17): the person sees which account it is for,
 * chooses its password, and is signed in with it (through the sign-in's own steps: TOTP, terms).
 */
export default function AcceptInvitation({ flow }: StepProps) {
  const { inProgress } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => invitationTokenOf(location.search));
  const [invitation, setInvitation] = useState<Invitation>();
  const [newPassword, setNewPassword] = useState<NewPassword>({ password: '', confirmation: '' });
  const [error, setError] = useState<string>();
  const [isLinkInvalid, setIsLinkInvalid] = useState(token === undefined);

  useEffect(() => {
    if (!token) return;
    readInvitation(token).then(setInvitation, (failure: unknown) => {
      setIsLinkInvalid(true);
      if (!isApiError(failure) || failure.code !== 'NOT_FOUND') setError('Cairn cannot be reached right now.');
    });
  }, [token]);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    const problem = newPasswordProblem(newPassword);
    setError(problem);
    if (problem || !token) return;
    try {
      const username = await acceptInvitation({ token, newPassword: newPassword.password });
      flow.setUsername(username);
      // The link is spent: the address no longer holds it, and the signed-in person leaves the card.
      await navigate({ pathname: location.pathname }, { replace: true });
      await flow.follow(await attemptLogin({ username, password: newPassword.password }));
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'NOT_FOUND') setIsLinkInvalid(true);
      else
        setError((isApiError(failure) && failure.serverMessage) || 'The password could not be set. Please try again.');
    }
  }

  if (isLinkInvalid) {
    return (
      <StepFrame title="Invitation link not valid" error={error ?? INVALID_LINK}>
        <Button variant="link" onClick={() => flow.go('PasswordLogin')}>
          Go to sign in
        </Button>
      </StepFrame>
    );
  }
  if (!invitation)
    return (
      <StepFrame title="Choose your password" intro="Reading your invitation…">
        {null}
      </StepFrame>
    );
  const greeting = invitation.firstName ? `Welcome, ${invitation.firstName}. ` : 'Welcome. ';
  return (
    <StepFrame
      title="Choose your password"
      intro={`${greeting}${invitation.organisationName} invited you to Cairn: choose the password of your account ${invitation.username}.`}
      error={error}
    >
      <form onSubmit={(event) => void submit(event)} style={{ display: 'grid', gap: 12 }} noValidate>
        <input type="text" name="username" autoComplete="username" value={invitation.username} readOnly hidden />
        <NewPasswordFields value={newPassword} onChange={setNewPassword} />
        <Button type="submit" isLoading={inProgress}>
          Set password and sign in
        </Button>
      </form>
    </StepFrame>
  );
}
