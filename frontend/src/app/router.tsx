import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { NotFoundRoute } from './routes/not-found';
import { OfflineRoute } from './offline-fallback';
import { AdminRoot } from './routes/admin/admin-root';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

/** A route component loaded on first visit, from a module exporting it by name. */
function lazyRoute<Name extends string>(load: () => Promise<Record<NoInfer<Name>, ComponentType>>, name: Name) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const HomeRoute = lazyRoute(() => import('./routes/home'), 'HomeRoute');
const CategoryRoute = lazyRoute(() => import('./routes/category'), 'CategoryRoute');
const AppDetailRoute = lazyRoute(() => import('./routes/app-detail'), 'AppDetailRoute');
const AboutRoute = lazyRoute(() => import('./routes/about'), 'AboutRoute');
const ContactRoute = lazyRoute(() => import('./routes/contact'), 'ContactRoute');
const PrivacyRoute = lazyRoute(() => import('./routes/privacy'), 'PrivacyRoute');
const TermsRoute = lazyRoute(() => import('./routes/terms'), 'TermsRoute');
const AuthRoute = lazyRoute(() => import('./routes/auth'), 'AuthRoute');
const AuthConfirmRoute = lazyRoute(() => import('./routes/auth-confirm'), 'AuthConfirmRoute');
// The admin console: its own chunks, never loaded by public pages.
const AdminLoginRoute = lazyRoute(() => import('./routes/admin/admin-login'), 'AdminLoginRoute');
const AdminLayout = lazyRoute(() => import('./routes/admin/admin-layout'), 'AdminLayout');
const AdminDashboardRoute = lazyRoute(() => import('./routes/admin/admin-dashboard'), 'AdminDashboardRoute');

/** The route table, shared by the browser router (app/providers.tsx) and server rendering (entry-server.tsx). */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    errorElement: <RouteError />,
    children: [
      { index: true, Component: HomeRoute },
      { path: 'c/:categoryName', Component: CategoryRoute },
      { path: 'app/:slug', Component: AppDetailRoute },
      { path: 'about', Component: AboutRoute },
      { path: 'contact', Component: ContactRoute },
      { path: 'privacy', Component: PrivacyRoute },
      { path: 'terms', Component: TermsRoute },
      { path: 'auth', Component: AuthRoute },
      { path: 'auth/confirm', Component: AuthConfirmRoute },
      { path: 'offline', Component: OfflineRoute },
      // Bundled, not lazy: a broken link should not wait for a chunk.
      { path: '*', Component: NotFoundRoute },
    ],
  },
  {
    path: 'admin',
    Component: AdminRoot,
    errorElement: <RouteError />,
    children: [
      { path: 'login', Component: AdminLoginRoute },
      {
        Component: AdminLayout,
        children: [
          { index: true, Component: AdminDashboardRoute },
          { path: 'dashboard', Component: AdminDashboardRoute },
        ],
      },
      { path: '*', Component: NotFoundRoute },
    ],
  },
];
