import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, useParams, type RouteObject } from 'react-router';
import { ROUTE_ACCESS, type AppName } from '../config/access';
import { paths, type PathName } from '../config/paths';
import { RequireSession } from '../features/auth/components/login-gate';
import { AccessGate } from './access-gate';
import { RootLayout } from './layouts/root-layout';
import type { RouteHandle } from './route-handle';
import { LazyRouteError as RouteError } from './lazy-screens';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * Loads a lazy route's component. When its file cannot be fetched the route still resolves, to a
 * component that throws, so the route's own error element shows the failure: a rejected `lazy` would
 * leave React Router waiting on the route forever and the page blank.
 */
async function loadComponent(load: () => Promise<ComponentType>): Promise<{ Component: ComponentType }> {
  try {
    return { Component: await load() };
  } catch (error) {
    return {
      Component: function PageFailedToLoad(): never {
        throw error;
      },
    };
  }
}

/** A layout loaded with its first page, so that /login never loads the app's header and menus. */
function layout(load: () => Promise<ComponentType>, children: RouteObject[]): RouteObject {
  return { errorElement: <RouteError />, children, lazy: () => loadComponent(load) };
}
const loginLayout = () => import('./layouts/login-layout').then((module) => module.LoginLayout);

/** A lazily loaded page with its error element, optional title and child routes. */
function page(path: string, load: () => PageModule, handle?: RouteHandle, children?: RouteObject[]): RouteObject {
  return {
    path,
    handle,
    children,
    errorElement: <RouteError />,
    lazy: () => loadComponent(async () => (await load()).default),
  };
}

/** A page of an app: without the app's permission or flag (config/access.ts) it shows the access-denied page. */
function appPage(app: AppName, path: string, load: () => PageModule, handle?: RouteHandle): RouteObject {
  return page(
    path,
    async () => {
      const { default: Page } = await load();
      return {
        default: function GatedPage() {
          return (
            <AccessGate app={app}>
              <Page />
            </AccessGate>
          );
        },
      };
    },
    handle,
  );
}

/** A page, gated when config/access.ts names the app its route belongs to. */
function protectedPage(name: PathName, load: () => PageModule, handle?: RouteHandle): RouteObject {
  const app = ROUTE_ACCESS[name];
  const { path } = paths[name];
  return app ? appPage(app, path, load, handle) : page(path, load, handle);
}

const shell = () => import('./routes/shell.page');
const admin = () => import('./routes/admin/admin.page');
const login = () => import('./routes/login/login.page');
const ehrLaunch = () => import('./routes/login/ehr-launch.page');
const summary = () => import('./routes/summary/summary-landing.page');
const notFound = () => import('./routes/errors/not-found.page');
const portrait = () => import('./routes/patient/portrait.page');
const portraitTab = () => import('./routes/patient/portrait-tab.page');
const PORTRAIT = { title: 'Patient Portrait' };

/** The portrait and its tabs, with an optional appointment (spec §2). */
function portraitRoutes(base: string): RouteObject[] {
  const tabs: RouteObject[] = [
    // The first tab the user's flags allow (spec §2), not simply the first tab.
    {
      // Loaded with the portrait, not with the app's entry: /login never needs the tab flags.
      index: true,
      lazy: () =>
        loadComponent(
          async () =>
            (await import('../features/portrait/components/first-allowed-tab-redirect')).FirstAllowedTabRedirect,
        ),
    },
    page(':tab', portraitTab),
  ];
  return [
    page(base, portrait, PORTRAIT, tabs),
    page(`${base}/appointment/:cairnAppointmentId`, portrait, PORTRAIT, tabs),
  ];
}

function RedirectDocument() {
  const { documentId = '' } = useParams();
  return <Navigate to={paths.document.href({ documentId })} replace />;
}

const loginPaths = ['/login', '/login/*', '/overlay/login', '/overlay/login/*', '/sso', '/sso/*'];
const ehrLoginPaths = [
  '/epic/login',
  '/epic/login/*',
  '/overlay/epic/login',
  '/overlay/epic/login/*',
  '/veradigm/launch',
  '/veradigm/launch/*',
];
const summaryOverlays = ['hcc', 'clinical', 'portrait', 'documents', 'alerts', 'ambient'];

/** The Quality Workspace's pages (issue 19); /quality opens its worklist too. */
const qualityWorkspacePages: [PathName, () => PageModule][] = [
  ['quality', () => import('./routes/quality/quality-workspace.page')],
  ['qualityWorkspace', () => import('./routes/quality/quality-workspace.page')],
  ['qualityPatients', () => import('./routes/quality/quality-patients.page')],
  ['qualityArchive', () => import('./routes/quality/quality-archive.page')],
  ['qualitySatisfactionRate', () => import('./routes/quality/quality-satisfaction-rate.page')],
  ['qualityFit', () => import('./routes/quality/quality-fit.page')],
  ['qualityFitAddTemplate', () => import('./routes/quality/quality-fit-add-template.page')],
  ['qualityFitTemplates', () => import('./routes/quality/quality-fit-templates.page')],
];

const fullScreenPages: [PathName, string][] = [
  ['files', 'File Manager'],
  ['ambientNoteDemo', 'Ambient note demo'],
];

/**
 * What the app shows while the first URL's lazy routes load: nothing, as before, but said once at the
 * root. Without it React Router warns, on every first load, that no `HydrateFallback` was provided.
 */
function InitialRouteLoad(): null {
  return null;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: InitialRouteLoad,
    children: [
      layout(loginLayout, [...loginPaths.map((path) => page(path, login)), page(paths.changePassword.path, login)]),
      // The SMART EHR launch (spec §2): started, then finished, on the same page.
      layout(
        loginLayout,
        ehrLoginPaths.map((path) => page(path, ehrLaunch)),
      ),
      page(paths.logout.path, () => import('./routes/login/logout.page')),
      page(paths.athena.path, () => import('./routes/errors/external-redirect.page')),
      page(paths.ecw.path, () => import('./routes/errors/external-redirect.page')),
      page(paths.externalRedirect.path, () => import('./routes/errors/external-redirect.page')),
      {
        // Protected routes (spec §2) wait behind the login gate (spec §4).
        element: <RequireSession />,
        children: [
          layout(
            () => import('./layouts/overlay-layout').then((module) => module.OverlayLayout),
            [
              ...portraitRoutes('/overlay/patient/:cairnPatientId'),
              page('/overlay/:tab/patient/:cairnPatientId', portraitTab, PORTRAIT),
              page('/overlay/:tab/patient/:cairnPatientId/appointment/:cairnAppointmentId', portraitTab, PORTRAIT),
              ...summaryOverlays.map((name) =>
                page(`/overlay/${name}/:cairnAppointmentId`, summary, { title: 'Summary' }),
              ),
              page(paths.overlayGuessMatchNotFound.path, notFound),
              page(paths.overlaySummary.path, summary, { title: 'Summary' }),
            ],
          ),
          layout(
            () => import('./layouts/app-layout').then((module) => module.AppLayout),
            [
              { index: true, element: <Navigate to={paths.schedule.href()} replace /> },
              { path: paths.qs.path, element: <Navigate to={paths.analytics.href()} replace /> },
              { path: paths.doc.path, element: <RedirectDocument /> },
              page(paths.schedule.path, () => import('./routes/schedule/schedule.page'), {
                title: 'Scheduling Overview',
              }),
              page(paths.patientLookup.path, () => import('./routes/patient/patient-lookup.page'), {
                title: 'Patient Lookup',
              }),
              page(paths.document.path, () => import('./routes/documents/document.page'), { title: 'Document' }),
              ...fullScreenPages.map(([name, title]) => protectedPage(name, shell, { title })),
              protectedPage('analytics', () => import('./routes/analytics/analytics.page'), { title: 'Analytics' }),
              ...qualityWorkspacePages.map(([name, load]) => protectedPage(name, load, { title: 'Quality Workspace' })),
              protectedPage('popHealthAdmissions', () => import('./routes/population/pop-health-admissions.page'), {
                title: 'Pop Health Workspace',
              }),
              protectedPage('popHealthCost', () => import('./routes/population/pop-health-cost.page'), {
                title: 'Pop Health Workspace',
              }),
              protectedPage('qualityTab', () => import('./routes/quality/quality-patient-view.page'), {
                title: 'Quality patient view',
              }),
              protectedPage('admin', admin, { title: 'Admin' }),
              protectedPage('adminSection', admin, { title: 'Admin' }),
              page(paths.patientMissingId.path, () => import('./routes/patient/missing-patient-id.page')),
              ...portraitRoutes(paths.patient.path),
              page(paths.guessMatchNotFound.path, notFound),
              page(paths.twoStepVerification.path, () => import('./routes/account/two-step-verification.page'), {
                title: 'Two-step verification',
              }),
              page(paths.antdDemo.path, () => import('./routes/demo/antd-demo.page'), { title: 'Design system' }),
              page(paths.accessDenied.path, () => import('./routes/errors/access-denied.page')),
              page(paths.noPatientData.path, () => import('./routes/errors/no-patient-data.page')),
              page(paths.summary.path, summary, { title: 'Summary' }),
              page('*', notFound),
            ],
          ),
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
