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
/** `/login?sso=<organisation>` where the organisation has several identity providers and the URL names none. */
export const SSO_CHOOSE_PROVIDER = 'Your organisation signs in through several identity providers: choose yours below.';

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
      ? {
          isStart: ssoStartIn(window.location) !== undefined,
          namesProvider: ssoOrganisationOf(new URLSearchParams(window.location.search)).provider !== undefined,
        }
      : undefined,
  );
  const location = useLocation();
  const navigate = useNavigate();
  const isChangePassword = location.pathname === paths.changePassword.path;
  // An invitation link opened in a browser where someone is signed in is for the invited person.
  const isInvitation = new URLSearchParams(location.search).has('invitation');
  // Which providers the card offers: those of the organisation `?organisation=` (or `?sso=<slug>`) names,
  // or of an email's domain, else those of the only organisation that has any.
  const offers = useSsoOffers(
    initializing || loggedIn || isChangePassword || isInvitation
      ? undefined
      : ssoOrganisationOf(new URLSearchParams(location.search)),
  );
  if (initializing || (failedSso?.isStart === true && offers.isLoading)) return <SessionSpinner isFullPage={false} />;
  const ssoMessage = failedSso && ssoFailureMessage(failedSso, offers.providers?.length);
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

/**
 * What the card says after an SSO request in the URL failed: a start found no provider (not set up),
 * or found several and named none (choose one of the buttons); anything else did not complete.
 */
function ssoFailureMessage(failed: { isStart: boolean; namesProvider: boolean }, offered: number | undefined): string {
  if (failed.isStart && offered === 0) return SSO_NOT_SET_UP;
  if (failed.isStart && !failed.namesProvider && offered !== undefined && offered > 1) return SSO_CHOOSE_PROVIDER;
  return SSO_NOT_COMPLETED;
}
