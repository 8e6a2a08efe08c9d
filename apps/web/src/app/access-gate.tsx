import type { ReactNode } from 'react';
import { LoadingState } from '../components/loading-state';
import { APPS, type AppName } from '../config/access';
import { canUseApp, useAccess } from '../lib/access';
import AccessDeniedPage from './routes/errors/access-denied.page';

/**
 * A route of an app the user may not open shows the access-denied page in its place (spec §2, §6),
 * rather than an empty screen. Until the flags arrive a flagged app is neither shown nor refused.
 */
export function AccessGate({ app, children }: { app: AppName; children: ReactNode }) {
  const access = useAccess();
  const isWaitingForFlags = APPS[app].rule?.flag !== undefined && access.flagsStatus === 'initializing';
  if (isWaitingForFlags) return <LoadingState label="Checking your access" />;
  if (!canUseApp(app, access)) return <AccessDeniedPage />;
  return children;
}
