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
const AdminLeadRoute = lazyRoute(() => import('./routes/admin/admin-lead'), 'AdminLeadRoute');
const AdminAuditRoute = lazyRoute(() => import('./routes/admin/admin-audit'), 'AdminAuditRoute');
const AdminAnalyticsRoute = lazyRoute(() => import('./routes/admin/admin-analytics'), 'AdminAnalyticsRoute');
const AdminAppsRoute = lazyRoute(() => import('./routes/admin/admin-apps'), 'AdminAppsRoute');
const AdminAppFormRoute = lazyRoute(() => import('./routes/admin/admin-app-form'), 'AdminAppFormRoute');
const AdminImportRoute = lazyRoute(() => import('./routes/admin/admin-import'), 'AdminImportRoute');
const AdminGoogleAdsRoute = lazyRoute(() => import('./routes/admin/admin-google-ads'), 'AdminGoogleAdsRoute');

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
          // The dashboard's tabs are routes of their own (admin spec §2), all on the same screen.
          { index: true, Component: AdminDashboardRoute },
          ...['dashboard', 'leads', 'suggestions', 'app-links', 'questions', 'developer-inquiries', 'settings'].map((path) => ({
            path,
            Component: AdminDashboardRoute,
          })),
          { path: 'leads/:leadId', Component: AdminLeadRoute },
          { path: 'audit', Component: AdminAuditRoute },
          { path: 'analytics', Component: AdminAnalyticsRoute },
          { path: 'apps', Component: AdminAppsRoute },
          { path: 'apps/new', Component: AdminAppFormRoute },
          { path: 'apps/import', Component: AdminImportRoute },
          { path: 'apps/google-ads-csv', Component: AdminGoogleAdsRoute },
          { path: 'apps/edit/:id', Component: AdminAppFormRoute },
          { path: 'apps/:id', Component: AdminAppFormRoute },
        ],
      },
      { path: '*', Component: NotFoundRoute },
    ],
  },
];
