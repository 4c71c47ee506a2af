// Every in-app URL is built here, so a route change is one edit and a typo is a type error.
export const paths = {
  home: '/',
  category: (slug: string) => `/c/${encodeURIComponent(slug)}`,
  app: (slug: string) => `/app/${encodeURIComponent(slug)}`,
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  offline: '/offline',
  auth: '/auth',
  authConfirm: '/auth/confirm',
  adminLogin: '/admin/login',
  adminDashboard: '/admin/dashboard',
} as const;
