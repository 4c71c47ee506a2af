import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { ADMIN_TABS, paths } from '../lib/paths';
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
const AuthResetPasswordRoute = lazyRoute(() => import('./routes/auth-reset-password'), 'AuthResetPasswordRoute');
const LeadConfirmRoute = lazyRoute(() => import('./routes/lead-confirm'), 'LeadConfirmRoute');
const SetupRoute = lazyRoute(() => import('./routes/setup'), 'SetupRoute');
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

/**
 * The route table, shared by the browser router (app/providers.tsx) and server rendering (entry-server.tsx).
 * Its patterns are lib/paths.ts's, the ones every link is built from.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    errorElement: <RouteError />,
    children: [
      // paths.home, the layout's index.
      { index: true, Component: HomeRoute },
      { path: paths.category.pattern, Component: CategoryRoute },
      { path: paths.app.pattern, Component: AppDetailRoute },
      { path: paths.about, Component: AboutRoute },
      { path: paths.contact, Component: ContactRoute },
      { path: paths.privacy, Component: PrivacyRoute },
      { path: paths.terms, Component: TermsRoute },
      { path: paths.auth, Component: AuthRoute },
      { path: paths.authConfirm, Component: AuthConfirmRoute },
      { path: paths.authResetPassword, Component: AuthResetPasswordRoute },
      { path: paths.leadConfirm, Component: LeadConfirmRoute },
      { path: paths.setup, Component: SetupRoute },
      { path: paths.offline, Component: OfflineRoute },
      // Bundled, not lazy: a broken link should not wait for a chunk.
      { path: '*', Component: NotFoundRoute },
    ],
  },
  {
    path: paths.admin,
    Component: AdminRoot,
    errorElement: <RouteError />,
    children: [
      { path: paths.adminLogin, Component: AdminLoginRoute },
      {
        Component: AdminLayout,
        children: [
          // The dashboard's tabs are routes of their own (admin spec §2), all on the same screen.
          { index: true, Component: AdminDashboardRoute },
          ...ADMIN_TABS.map((tab) => ({ path: paths.adminTab(tab), Component: AdminDashboardRoute })),
          { path: paths.adminLead.pattern, Component: AdminLeadRoute },
          { path: paths.adminAudit, Component: AdminAuditRoute },
          { path: paths.adminAnalytics, Component: AdminAnalyticsRoute },
          { path: paths.adminApps, Component: AdminAppsRoute },
          { path: paths.adminNewApp, Component: AdminAppFormRoute },
          { path: paths.adminImportApps, Component: AdminImportRoute },
          { path: paths.adminGoogleAdsCsv, Component: AdminGoogleAdsRoute },
          { path: paths.adminEditApp.pattern, Component: AdminAppFormRoute },
          { path: paths.adminApp.pattern, Component: AdminAppFormRoute },
        ],
      },
      { path: '*', Component: NotFoundRoute },
    ],
  },
];
