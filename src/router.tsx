/** Routes of spec section 2 (react-router data router). */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { MODULES } from '../runtime/shared/modules';
import { entityLoader, guestLoader, moduleLoader, notFoundLoader, shellLoader } from './loaders';
import { Root } from './Root';
import { RouteError } from './pages/RouteError';
import { LoginPage } from './pages/LoginPage';
import { loadEntityRoute } from './screens';

export interface RouteHandle {
  /** Translation key of the page title. */
  title?: string;
}

/** One route per module area at `{module}/{suffix}`, its screen loaded on demand. */
const perModule = (
  suffix: string,
  loader: RouteObject['loader'],
  title: string,
  load: () => Promise<ComponentType>,
): RouteObject[] =>
  MODULES.map((module) => ({
    path: `${module}/${suffix}`,
    loader,
    handle: { title } satisfies RouteHandle,
    lazy: async () => ({ Component: await load() }),
  }));

// Module areas load on demand; every one draws generated screens (no per-entity code).
const moduleRoutes = perModule(
  ':entity',
  entityLoader,
  'shell.menu',
  async () => (await loadEntityRoute()).EntityRoute,
);

/**
 * A report definition of the module (schemas/reports/{module}/{name}.json), drawn by the one
 * generic report screen; loaded on demand like the generated screens, in a chunk of its own.
 */
const reportRoutes = perModule(
  'report/:report',
  moduleLoader,
  'reportScreen.title',
  async () => (await import('./pages/ReportRoute')).ReportRoute,
);

/** The print view of one row of any definition (renderers/print). */
const printRoutes = perModule(
  ':entity/:id/print',
  moduleLoader,
  'print.button',
  async () => (await import('./pages/PrintRoute')).PrintRoute,
);

/**
 * The list print of a grid: the rows its filter, sort and search select, as one table
 * (renderers/print/ListPrintView); ranked before `:entity/:id/print` (a static segment).
 */
const listPrintRoutes = perModule(
  ':entity/list/print',
  moduleLoader,
  'printList.button',
  async () => (await import('./pages/ListPrintRoute')).ListPrintRoute,
);

/**
 * Any other path under a module (no screen matches it): the module guard still runs first, so a
 * vendor or customer outside the module of their menu is refused (toast, root) rather than told
 * the page does not exist; everybody else sees the page-not-found screen.
 */
const moduleElsewhereRoutes = perModule(
  '*',
  moduleLoader,
  'shell.notFound',
  async () => (await import('./pages/NotFoundPage')).NotFoundPage,
);

/** A shell page of the low-code tools (docs/lowcode-api.md); vendors/customers are refused by module. */
const toolPage = (path: string, title: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  loader: moduleLoader,
  handle: { title } satisfies RouteHandle,
  lazy: async () => ({ Component: await load() }),
});

const lowcodeRoutes: RouteObject[] = [
  toolPage(
    'systemConfig/designer',
    'designer.title',
    async () => (await import('./pages/designer/DesignerPage')).DesignerPage,
  ),
  toolPage(
    'security/permissions',
    'security.permissions.title',
    async () => (await import('./pages/security/PermissionsPage')).PermissionsPage,
  ),
  toolPage(
    'security/menu',
    'security.menu.title',
    async () => (await import('./pages/security/MenuPage')).MenuPage,
  ),
  toolPage(
    'security/users',
    'security.users.title',
    async () => (await import('./pages/security/UsersPage')).UsersPage,
  ),
];

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    handle: { title: 'app.title' } satisfies RouteHandle,
    children: [
      { path: 'login', loader: guestLoader, element: <LoginPage />, handle: { title: 'login.title' } },
      {
        path: 'forgot-password',
        loader: guestLoader,
        lazy: async () => ({ Component: (await import('./pages/ForgotPasswordPage')).ForgotPasswordPage }),
        handle: { title: 'forgot.title' },
      },
      {
        path: 'security/changePassword',
        lazy: async () => ({ Component: (await import('./pages/ChangePasswordPage')).ChangePasswordPage }),
        handle: { title: 'changePassword.title' },
      },
      {
        path: '/',
        id: 'shell',
        loader: shellLoader,
        // the shell (menu, grids, forms) loads after sign-in: the login route stays small (bench/budget.mjs)
        lazy: async () => ({ Component: (await import('./shell/ShellLayout')).ShellLayout }),
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            handle: { title: 'shell.dashboard' },
            lazy: async () => ({ Component: (await import('./pages/Dashboard')).Dashboard }),
          },
          {
            errorElement: <RouteError />,
            children: [
              {
                // The transport module's route planner (a map, not a generated screen).
                path: 'transport/routePlanner',
                loader: moduleLoader,
                handle: { title: 'map.title' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./map/RoutePlannerPage')).RoutePlannerPage }),
              },
              ...lowcodeRoutes,
              {
                // a saved report (report.savedReport) run: its chart and table
                path: 'report/savedReport/:id/run',
                loader: moduleLoader,
                handle: { title: 'report.run' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./pages/ReportRunPage')).ReportRunPage }),
              },
              {
                // the analyst's report builder (report.analysis rows), lazy
                path: 'report/builder/:id?',
                loader: moduleLoader,
                handle: { title: 'reportBuilder.title' } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await import('./pages/ReportBuilderPage')).ReportBuilderPage,
                }),
              },
              ...reportRoutes,
              ...moduleRoutes,
              ...listPrintRoutes,
              ...printRoutes,
              ...moduleElsewhereRoutes,
            ],
          },
        ],
      },
      {
        path: '*',
        loader: notFoundLoader,
        handle: { title: 'shell.notFound' },
        lazy: async () => ({ Component: (await import('./pages/NotFoundRoute')).NotFoundRoute }),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
