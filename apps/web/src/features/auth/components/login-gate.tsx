import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../../lib/session';
import { loginPathFor } from '../utils/login-gate';

// A ring drawn in CSS: the gate sits in the first chunk every page loads, where antd's Spin would weigh more.
const SPINNER_CSS = `
.cairn-session-spinner { width: 32px; height: 32px; border-radius: 50%; border: 3px solid #e4e4ee;
  border-top-color: #5944ef; animation: cairn-spin 0.8s linear infinite; }
@keyframes cairn-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .cairn-session-spinner { animation-duration: 2.4s; } }`;

/** What shows while the session initializes (spec §4 "Login gate"). */
export function SessionSpinner({ isFullPage = true }: { isFullPage?: boolean }) {
  return (
    <div style={{ minHeight: isFullPage ? '100vh' : 300, display: 'grid', placeItems: 'center' }}>
      <span role="status" aria-label="Loading your session" className="cairn-session-spinner" />
      <style>{SPINNER_CSS}</style>
    </div>
  );
}

/**
 * Protected routes pass here: a spinner while the session initializes, the page when signed in,
 * otherwise the login path with the current path and query, to come back to after sign-in.
 */
export function RequireSession() {
  const { initializing, loggedIn } = useSession();
  const location = useLocation();
  if (initializing) return <SessionSpinner />;
  if (!loggedIn) return <Navigate to={loginPathFor(location)} replace />;
  return <Outlet />;
}
