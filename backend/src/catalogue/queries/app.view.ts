/**
 * What the read API returns for an app: every column of the `apps` read model, field names as in the spec.
 * The zod schemas document the responses in OpenAPI; the queries below are shared by the query handlers.
 */
import { sql, type Selectable } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../shared/db/tables.js';
import { DEVELOPMENT_STATUSES } from '../app/app.fields.js';
import type { AppsTable } from '../catalogue.tables.js';

export const appViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  long_description: z.string().nullable(),
  problem_solved: z.string().nullable(),
  category: z.string(),
  category_slug: z.string(),
  views: z.number().int(),
  is_active: z.boolean(),
  featured: z.boolean(),
  replaces_tools: z.string().nullable(),
  keyword_bof: z.string(),
  development_status: z.enum(DEVELOPMENT_STATUSES),
  app_url: z.string().nullable(),
  status_text: z.string().nullable(),
  status_link_enabled: z.boolean(),
  key_features: z.array(z.string()),
  how_it_works: z.array(z.string()),
  spreadsheet_benefits: z.array(z.string()),
  target_personas: z.array(z.string()),
  roi_benefits: z.array(z.string()),
  faq_items: z.array(z.object({ question: z.string(), answer: z.string() })),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  keywords: z.array(z.string()),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});

/** What lists return: enough for a card, a row or the 'Ready to Try Now' rules; the rest is on the app page. */
export const appSummarySchema = appViewSchema.pick({
  id: true,
  name: true,
  slug: true,
  description: true,
  category: true,
  category_slug: true,
  views: true,
  featured: true,
  development_status: true,
  app_url: true,
  status_text: true,
  status_link_enabled: true,
});

export const categorySchema = z.object({ name: z.string(), slug: z.string(), count: z.number().int() });

/** An app as the API returns it: the read model's columns, with `views` = starting figure + counted views. */
export type AppView = Omit<Selectable<AppsTable>, 'base_views'> & { views: number };
export type AppSummary = Pick<AppView, keyof z.infer<typeof appSummarySchema>>;
export type CategoryView = z.infer<typeof categorySchema>;

type Column = keyof AppView & keyof AppsTable;
const columnsOf = (schema: z.ZodObject) =>
  Object.keys(schema.shape)
    .filter((column) => column !== 'views')
    .map((column) => `apps.${column as Column}` as const);
const APP_COLUMNS = columnsOf(appViewSchema);
const SUMMARY_COLUMNS = columnsOf(appSummarySchema);

/** Active apps with every field, most viewed first (name breaks ties, so pages are stable). */
export function selectActiveApps(db: Db) {
  return activeApps(db).select(APP_COLUMNS);
}

/** Active app summaries (for lists), most viewed first. */
export function selectActiveAppSummaries(db: Db) {
  return activeApps(db).select(SUMMARY_COLUMNS);
}

/** Every app, inactive ones too, with every field (the admin's catalogue), most viewed first. */
export function selectAllApps(db: Db) {
  return appsWithViews(db).select(APP_COLUMNS);
}

function activeApps(db: Db) {
  return appsWithViews(db).where('apps.is_active', '=', true);
}

function appsWithViews(db: Db) {
  return db
    .selectFrom('apps')
    .leftJoin('app_views', 'app_views.app_id', 'apps.id')
    .select(sql<number>`apps.base_views + coalesce(app_views.views, 0)`.as('views'))
    .orderBy('views', 'desc')
    .orderBy('apps.name');
}
