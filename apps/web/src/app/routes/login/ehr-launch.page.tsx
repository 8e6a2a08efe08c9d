import { Result, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import {
  ehrLaunchRequestIn,
  runEhrLaunch,
  toEhrLaunchError,
  type EhrLaunchError,
  type EhrLaunchRequest,
  type SmartEnvironment,
} from '../../../features/auth/smart';
import { useSession } from '../../../lib/session';
import { logger } from '../../logger';
import LoginPage from './login.page';

export interface EhrLaunchPageProps {
  /** Where the browser goes and what it calls; the real browser's by default (tests pass their own). */
  environment?: SmartEnvironment;
}

/**
 * The EMR login routes (spec §2): with `iss` and `launch` the EHR is launching Cairn, with `code` and
 * `state` (or `error`) it is sending the browser back; without either the page is the plain login.
 */
export default function EhrLaunchPage({ environment }: EhrLaunchPageProps) {
  const location = useLocation();
  // Read once: the page replaces its own URL when the launch ends.
  const [request] = useState(() => ehrLaunchRequestIn(location));
  if (!request) return <LoginPage />;
  return <EhrLaunch request={request} environment={environment} />;
}

function EhrLaunch({ request, environment }: { request: EhrLaunchRequest; environment?: SmartEnvironment }) {
  const { initializing } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<EhrLaunchError>();
  // An authorization code works once: the launch must not run twice (React's strict mode mounts twice).
  const hasStarted = useRef(false);

  useEffect(() => {
    // Initialization may still be restoring (or dropping) a stored session: the launch's must win.
    if (initializing || hasStarted.current) return;
    hasStarted.current = true;
    const page = { origin: window.location.origin, pathname };
    const warn = (message: string) => logger.warn(message);
    runEhrLaunch(page, request, { warn, ...environment }).then(
      (target) => {
        // Replaced, so that the code never stays in the history.
        if (target) void navigate(target, { replace: true });
      },
      (error: unknown) => {
        setFailure(toEhrLaunchError(error));
        if (request.kind !== 'start') void navigate(pathname, { replace: true });
      },
    );
  }, [initializing, request, pathname, navigate, environment]);

  if (failure) return <EhrLaunchFailure failure={failure} />;
  return (
    <div role="status" style={{ display: 'grid', placeItems: 'center', gap: 16, minHeight: 300 }}>
      <Spin size="large" />
      <Typography.Text>Connecting to your EHR...</Typography.Text>
    </div>
  );
}

function EhrLaunchFailure({ failure }: { failure: EhrLaunchError }) {
  return (
    <Result
      status="error"
      title="Cairn could not connect to your EHR"
      subTitle={
        <>
          <span>{failure.message}</span>
          {failure.hint && <span style={{ display: 'block', marginTop: 8 }}>{failure.hint}</span>}
        </>
      }
      extra={<Link to={paths.login.href()}>Sign in with your password</Link>}
    />
  );
}
