import type { ColumnType } from 'kysely';
import type { DevelopmentStatus, RoiFigures } from '../../../contracts/catalogue/fields.js';

type Json<T> = ColumnType<T, string, string>;

export interface AppsTable {
  id: string;
  name: string;
  slug: string;
  description: string;
  long_description: string | null;
  problem_solved: string | null;
  category: string;
  category_slug: string;
  /** Starting figure (imports, demo data); the API adds the counted views of app_views. */
  base_views: number;
  is_active: boolean;
  featured: boolean;
  replaces_tools: string | null;
  keyword_bof: string;
  development_status: DevelopmentStatus;
  app_url: string | null;
  status_text: string | null;
  status_link_enabled: boolean;
  key_features: Json<string[]>;
  how_it_works: Json<string[]>;
  spreadsheet_benefits: Json<string[]>;
  target_personas: Json<string[]>;
  roi_benefits: Json<string[]>;
  /** null: none of its own (the app page shows the spec's figures). */
  roi_figures: ColumnType<RoiFigures | null, string | null, string | null>;
  faq_items: Json<{ question: string; answer: string }[]>;
  meta_title: string | null;
  meta_description: string | null;
  keywords: Json<string[]>;
  created_at: ColumnType<Date, Date, never>;
  updated_at: ColumnType<Date, Date, Date>;
}

export interface AppViewsTable {
  app_id: string;
  views: number;
}

/**
 * The views counted in app_views, by the view's own id (a session's id for the views of one session counted
 * once, before every view counted), each with the time of its event.
 */
export interface CountedAppViewsTable {
  app_id: string;
  view_id: string;
  viewed_at: Date;
}

declare module '../shared/db/tables.js' {
  interface Tables {
    apps: AppsTable;
    app_views: AppViewsTable;
    counted_app_views: CountedAppViewsTable;
  }
}
