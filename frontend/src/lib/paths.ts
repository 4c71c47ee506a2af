/*
 * Every in-app route, once: the pattern the router matches (app/router.tsx) and the link every component
 * builds, side by side, so a route change is one edit and a typo is a type error. A route without
 * parameters is its own pattern and link; a route with parameters is a link builder that carries its pattern.
 */

/**
 * The admin dashboard's tabs (admin spec §2), in their order. Each is a route of its own on the same screen,
 * and its name is its address under /admin: 'dashboard' is the Overview.
 */
export const ADMIN_TABS = [
  'dashboard',
  'leads',
  'suggestions',
  'app-links',
  'questions',
  'developer-inquiries',
  'demand',
  'settings',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** One string per `:parameter` of a pattern, in its order. */
type ParamValues<Pattern extends string> = Pattern extends `${string}:${string}/${infer Rest}`
  ? [string, ...ParamValues<Rest>]
  : Pattern extends `${string}:${string}`
    ? [string]
    : [];

/** A route with parameters: called with their values (each encoded), it gives the link; `pattern` is the router's. */
function route<Pattern extends string>(pattern: Pattern): ((...values: ParamValues<Pattern>) => string) & { pattern: Pattern } {
  const link = (...values: string[]) => {
    let next = 0;
    return pattern.replace(/:[^/]+/g, () => encodeURIComponent(values[next++] ?? ''));
  };
  return Object.assign(link, { pattern });
}

const adminTab = <Tab extends AdminTab>(tab: Tab) => `/admin/${tab}` as const;

export const paths = {
  // The public site.
  home: '/',
  category: route('/c/:categoryName'),
  app: route('/app/:slug'),
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  offline: '/offline',
  auth: '/auth',
  authConfirm: '/auth/confirm',
  authResetPassword: '/auth/reset-password',
  // The welcome e-mail's confirmation link (the backend's LEAD_CONFIRMATION_PAGE).
  leadConfirm: '/confirm',
  setup: '/setup',

  // The admin console.
  admin: '/admin',
  adminLogin: '/admin/login',
  adminTab,
  adminDashboard: adminTab('dashboard'),
  adminLead: route('/admin/leads/:leadId'),
  adminApps: '/admin/apps',
  adminNewApp: '/admin/apps/new',
  adminImportApps: '/admin/apps/import',
  adminGoogleAdsCsv: '/admin/apps/google-ads-csv',
  // The spec's route table names /admin/apps/:id, and the dashboard's Edit button leads to /admin/apps/edit/:id: both open the app's form.
  adminApp: route('/admin/apps/:id'),
  adminEditApp: route('/admin/apps/edit/:id'),
  adminAudit: '/admin/audit',
  adminAnalytics: '/admin/analytics',
} as const;

/** Whether an address is the dashboard's: /admin itself or one of its tabs (a trailing slash aside). */
export function isAdminDashboard(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return path === paths.admin || ADMIN_TABS.some((tab) => adminTab(tab) === path);
}

/** The tab a dashboard address shows: its own, or the Overview (/admin itself, a trailing slash aside). */
export function adminTabOf(pathname: string): AdminTab {
  const path = pathname.replace(/\/+$/, '');
  return ADMIN_TABS.find((tab) => adminTab(tab) === path) ?? 'dashboard';
}
