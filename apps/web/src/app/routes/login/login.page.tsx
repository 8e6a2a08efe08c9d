import { Navigate, useLocation, useNavigate } from 'react-router';
import { LoginCardSteps } from '../../../features/auth/components/login-flow';
import { SessionSpinner } from '../../../features/auth/components/login-gate';
import { targetAfterLogin } from '../../../features/auth/utils/login-gate';
import { paths } from '../../../config/paths';
import { useSsoOffers } from '../../../features/auth/hooks/use-sso-offers';
import { hasSsoRequest, ssoOrganisationOf, ssoStartIn } from '../../../features/auth/sso/sso-rules';
import { sessionStore, useSession } from '../../../lib/session';
import { lazy, Suspense, useState } from 'react';
import { logger } from '../../logger';

const warn = (message: string) => logger.warn(message);
/** An SSO answer (code and state) that could not be completed. */
const SSO_NOT_COMPLETED = 'Single sign-on did not complete. Please try again, or sign in with your password.';
/** `/login?sso=1` where no identity provider is set up (the server answers none). */
export const SSO_NOT_SET_UP =
  'Single sign-on is not set up for this organisation. Sign in with your username and password, or ask your administrator.';

const AddonSsoListener = lazy(() => import('../../../features/overlay/components/addon-sso-listener'));

/**
 * The login card's content. A signed-in user is sent on (spec §4 "Login gate"): to the stored
 * next-URL, else to the current path without '/login'. /auth/changePassword opens on ChangePassword.
 */
export default function LoginPage() {
  const { initializing, loggedIn } = useSession();
  // Set when initialization could not complete an SSO request in the URL; read once, at mount.
  const [failedSso] = useState(() =>
    sessionStore.getState().status === 'failure' && hasSsoRequest(window.location)
      ? { isStart: ssoStartIn(window.location) !== undefined }
      : undefined,
  );
  const location = useLocation();
  const navigate = useNavigate();
  const isChangePassword = location.pathname === paths.changePassword.path;
  // An invitation link opened in a browser where someone is signed in is for the invited person.
  const isInvitation = new URLSearchParams(location.search).has('invitation');
  // Which provider the card offers: the one `?organisation=` (or `?sso=<slug>`) names, else the only one.
  const offers = useSsoOffers(
    initializing || loggedIn || isChangePassword || isInvitation
      ? undefined
      : ssoOrganisationOf(new URLSearchParams(location.search)),
  );
  if (initializing || (failedSso?.isStart === true && offers.isLoading)) return <SessionSpinner isFullPage={false} />;
  const ssoMessage = !failedSso
    ? undefined
    : failedSso.isStart && offers.providers?.length === 0
      ? SSO_NOT_SET_UP
      : SSO_NOT_COMPLETED;
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
        ssoProviders={offers.providers}
        initialStep={isInvitation ? 'InitializePassword' : undefined}
      />
    </>
  );
}
