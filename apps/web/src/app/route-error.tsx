import { Button } from 'antd';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApplicationErrorScreen } from '../components/application-error-screen';
import { GenericErrorScreen } from '../components/generic-error-screen';
import { logger } from './logger';

/** A lazy page whose file could not be fetched (network, or a newer deployment replaced it). */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message)
  );
}

/**
 * The `errorElement` of every route. An HTTP-like route error is titled
 * 'Route error ({status} {statusText})' (spec §2); a page that failed to load shows the generic error
 * screen with its browser alert; anything else the application error screen with its details.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    const status = isRouteErrorResponse(error) ? error.status : undefined;
    logger.error('Route error', { status, name: error instanceof Error ? error.name : typeof error });
  }, [error]);

  const reload = (
    <Button type="primary" onClick={() => window.location.reload()}>
      Reload page
    </Button>
  );
  if (isRouteErrorResponse(error)) {
    return <GenericErrorScreen title={`Route error (${error.status} ${error.statusText})`} action={reload} />;
  }
  if (isChunkLoadError(error)) return <GenericErrorScreen action={reload} />;
  return <ApplicationErrorScreen error={error} />;
}
