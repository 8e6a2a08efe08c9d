import { Navigate } from 'react-router';
import { useAllowedTabs } from '../hooks/use-allowed-tabs';

/** The portrait's index route: the first tab the user may see (spec §2), once the flags are known. */
export function FirstAllowedTabRedirect() {
  const tabs = useAllowedTabs();
  const [first] = tabs ?? [];
  if (!first) return null;
  return <Navigate to={first.path} replace />;
}
