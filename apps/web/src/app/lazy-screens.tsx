import { lazy, Suspense, type ComponentProps } from 'react';

// Error and cookie screens are rare: they load on demand so that every page starts lighter.
const RouteErrorScreen = lazy(() => import('./route-error').then((module) => ({ default: module.RouteError })));
const ApplicationError = lazy(() =>
  import('../components/application-error-screen').then((module) => ({ default: module.ApplicationErrorScreen })),
);
const CookiesDisabled = lazy(() =>
  import('../components/cookies-disabled-screen').then((module) => ({ default: module.CookiesDisabledScreen })),
);

export function LazyRouteError() {
  return (
    <Suspense fallback={null}>
      <RouteErrorScreen />
    </Suspense>
  );
}

export function LazyApplicationErrorScreen(props: ComponentProps<typeof ApplicationError>) {
  return (
    <Suspense fallback={null}>
      <ApplicationError {...props} />
    </Suspense>
  );
}

export function LazyCookiesDisabledScreen(props: ComponentProps<typeof CookiesDisabled>) {
  return (
    <Suspense fallback={null}>
      <CookiesDisabled {...props} />
    </Suspense>
  );
}
