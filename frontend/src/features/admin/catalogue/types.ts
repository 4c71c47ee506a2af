// Shapes of the admin catalogue API (GET /api/admin/apps...), as the backend serves them.

import type { App, DevelopmentStatus, FaqItem } from '../../../lib/catalogue-types';

// The admin API serves the same app row as the public catalogue API, so it shares its contract type
// (a type-only import: nothing of the catalogue feature's code comes with it).
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

export type AdminApp = App;

/** The catalogue fields a form sends (create, or a full edit); views only when creating. */
export type AppFields = Omit<
  AdminApp,
  'id' | 'slug' | 'category_slug' | 'views' | 'is_active' | 'keyword_bof' | 'created_at' | 'updated_at'
> & { slug?: string; views?: number };

export type AppLinks = Pick<AdminApp, 'development_status' | 'status_text' | 'app_url' | 'status_link_enabled'>;
