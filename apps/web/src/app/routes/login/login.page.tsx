import { Navigate, useLocation, useNavigate } from 'react-router';
import { LoginCardSteps } from '../../../features/auth/components/login-flow';
import { SessionSpinner } from '../../../features/auth/components/login-gate';
import { targetAfterLogin } from '../../../features/auth/utils/login-gate';
import { paths } from '../../../config/paths';
import { hasSsoRequest } from '../../../features/auth/sso/sso-rules';
import { sessionStore, useSession } from '../../../lib/session';
import { lazy, Suspense, useState } from 'react';
import { logger } from '../../logger';

const warn = (message: string) => logger.warn(message);
const AddonSsoListener = lazy(() => import('../../../features/overlay/components/addon-sso-listener'));

/**
 * The login card's content. A signed-in user is sent on (spec §4 "Login gate"): to the stored
 * next-URL, else to the current path without '/login'. /auth/changePassword opens on ChangePassword.
 */
export default function LoginPage() {
  const { initializing, loggedIn } = useSession();
  // Set when initialization could not complete an SSO answer in the URL; read once, at mount.
  const [ssoMessage] = useState(() =>
    sessionStore.getState().status === 'failure' && hasSsoRequest(window.location)
      ? 'Single sign-on did not complete. Please try again, or sign in with your password.'
      : undefined,
  );
  const location = useLocation();
  const navigate = useNavigate();
  const isChangePassword = location.pathname === paths.changePassword.path;
  if (initializing) return <SessionSpinner isFullPage={false} />;
  // An invitation link opened in a browser where someone is signed in is for the invited person.
  const isInvitation = new URLSearchParams(location.search).has('invitation');
  if (loggedIn && !isChangePassword && !isInvitation) return <Navigate to={targetAfterLogin(location)} replace />;
  if (isChangePassword) {
    return (
      <LoginCardSteps initialStep="ChangePassword" warn={warn} onComplete={() => void navigate(paths.home.href())} />
    );
  }
  return (
    <>
      {location.pathname.startsWith('/overlay/') && (
        <Suspense>
          <AddonSsoListener logger={logger} />
        </Suspense>
      )}
      <LoginCardSteps
        warn={warn}
        initialMessage={ssoMessage}
        initialStep={isInvitation ? 'AcceptInvitation' : undefined}
      />
    </>
  );
}
