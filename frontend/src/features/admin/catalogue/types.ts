// The admin catalogue's shapes (GET /api/admin/apps...): the API's app, from the contract it shares with
// the SPA (contracts/catalogue), and what the forms send.

import type { AdminAppPage, AdminAppRow, AdminAppSort, AdminAppState, App, FaqItem } from '../../../../../contracts/catalogue/app';
import type { DevelopmentStatus } from '../../../../../contracts/catalogue/fields';

export type { DevelopmentStatus, FaqItem };

/** Spec §4: 'Beta Testing' is beta's label. */
export const DEVELOPMENT_STATUS_LABELS: Record<DevelopmentStatus, string> = {
  concept: 'Concept',
  prototype: 'Prototype',
  beta: 'Beta Testing',
  launched: 'Launched',
};

/** Spec §4: launched default, beta secondary, prototype and concept outline. */
export const DEVELOPMENT_STATUS_BADGES: Record<DevelopmentStatus, 'default' | 'secondary' | 'outline'> = {
  concept: 'outline',
  prototype: 'outline',
  beta: 'secondary',
  launched: 'default',
};

/** The admin API serves the same app as the public one (inactive apps too). */
export type AdminApp = App;

/** A row of the apps table and App Links, and a page of them (GET /api/admin/apps). */
export type { AdminAppPage, AdminAppRow, AdminAppSort, AdminAppState };

/** The catalogue fields a form sends (create, or a full edit); views only when creating. */
export type AppFields = Omit<
  AdminApp,
  'id' | 'slug' | 'category_slug' | 'views' | 'is_active' | 'keyword_bof' | 'created_at' | 'updated_at'
> & { slug?: string; views?: number };

export type AppLinks = Pick<AdminApp, 'development_status' | 'status_text' | 'app_url' | 'status_link_enabled'>;
