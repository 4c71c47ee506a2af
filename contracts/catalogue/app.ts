/**
 * What the catalogue's read API returns (GET /api/apps…, /api/categories…, /api/admin/apps…): zod schemas,
 * which the API documents its answers with in OpenAPI, and their types, which the API's queries return and
 * the SPA reads. Field names are the spec's; timestamps are ISO-8601 strings.
 */
import { z } from 'zod';
import { enumParam, pageParams, pageSchema, pageSizeParam, textParam } from '../page-query.js';
import { SEARCH_MAX } from '../paging.js';
import { DEVELOPMENT_STATUSES, ROI_FIGURES, type RoiFigureKey, type RoiFigures } from './fields.js';
import { CATALOGUE_PAGE_SIZE } from './keys.js';

export const faqItemSchema = z.object({ question: z.string(), answer: z.string() });

/**
 * An app's ROI figures as the API takes and answers them: all five, each a whole number in its range (null
 * on an app: the app page shows the spec's figures).
 */
export const roiFiguresSchema = z.strictObject(
  Object.fromEntries(
    ROI_FIGURES.map(({ key, min, max }) => {
      const range = `Enter a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}.`;
      return [key, z.number({ error: range }).int(range).min(min, range).max(max, range)];
    }),
  ) as Record<RoiFigureKey, z.ZodNumber>,
) satisfies z.ZodType<RoiFigures>;

/** An app with every field (the app page, the admin's catalogue); `views` is the starting figure plus the counted views. */
export const appSchema = z.object({
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
  roi_figures: roiFiguresSchema.nullable(),
  faq_items: z.array(faqItemSchema),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  keywords: z.array(z.string()),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});

/** What lists return (top, all, featured, search, a category's apps): enough for a card, a row or the 'Ready to Try Now' rules. */
export const appSummarySchema = appSchema.pick({
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

/** A page of the public catalogue (GET /api/apps, a category's apps): `total` counts every active app. */
export const appPageSchema = pageSchema(appSummarySchema);

/** A category page: the category and a page of its active apps, most viewed first. */
export const categoryWithAppsSchema = z.object({ category: categorySchema, apps: appPageSchema });

export const APP_LIST_SORTS = ['name', 'popular'] as const;
export type AppListSort = (typeof APP_LIST_SORTS)[number];

/** A public page of apps: the admin lists' `page`, with the public grids' page size by default. */
const publicPageParams = {
  page: pageParams.page,
  pageSize: pageSizeParam(CATALOGUE_PAGE_SIZE),
};

/** GET /api/apps's query: a page of the active apps, by name or most viewed first, of a category, featured or ready to try. */
export const appListQuery = z.strictObject({
  ...publicPageParams,
  sort: enumParam(APP_LIST_SORTS, 'name').describe('name (default) or popular (most viewed first)'),
  category: textParam(SEARCH_MAX).describe("Only this category's apps (its slug)"),
  featured: z
    .enum(['true', 'false'], { error: 'Must be true or false.' })
    .optional()
    .describe('Only featured (true) or only other (false) apps'),
  ready: z.enum(['true'], { error: 'Must be true.' }).optional().describe("Only apps ready to try now (home's 'Ready to Try Now')"),
});
export type AppListQuery = z.output<typeof appListQuery>;

/** GET /api/categories/:slug's query: which page of its apps. */
export const categoryPageQuery = z.strictObject(publicPageParams);

/** A row of the admin's apps table and App Links (GET /api/admin/apps): what they show and what App Links edits. */
export const adminAppRowSchema = appSchema.pick({
  id: true,
  name: true,
  slug: true,
  category: true,
  views: true,
  is_active: true,
  featured: true,
  development_status: true,
  app_url: true,
  status_text: true,
  status_link_enabled: true,
});

export const ADMIN_APP_SORTS = ['name', 'views', 'newest'] as const;
export const ADMIN_APP_STATES = ['all', 'active', 'inactive'] as const;
export type AdminAppSort = (typeof ADMIN_APP_SORTS)[number];
export type AdminAppState = (typeof ADMIN_APP_STATES)[number];

/** GET /api/admin/apps's query: a page, a search over name and category, an order, active or inactive apps only. */
export const adminAppListQuery = z.strictObject({
  ...pageParams,
  search: textParam(SEARCH_MAX).describe('Only apps whose name or category contains this text (any case)'),
  sort: enumParam(ADMIN_APP_SORTS, 'name').describe('name (default), views (most viewed first) or newest'),
  state: enumParam(ADMIN_APP_STATES, 'all').describe('all (default), active or inactive apps'),
});
export type AdminAppListQuery = z.output<typeof adminAppListQuery>;

/**
 * A page of the admin's apps, with the catalogue's figures over every app whatever the filter: how many are
 * active and inactive, and the views of the active ones (the dashboard's Total Apps and Total Views).
 */
export const adminAppPageSchema = pageSchema(adminAppRowSchema).extend({
  active: z.number().int(),
  inactive: z.number().int(),
  activeViews: z.number().int(),
});

export type AdminAppRow = z.output<typeof adminAppRowSchema>;
export type AdminAppPage = z.output<typeof adminAppPageSchema>;
export type FaqItem = z.output<typeof faqItemSchema>;
export type App = z.output<typeof appSchema>;
export type AppSummary = z.output<typeof appSummarySchema>;
export type Category = z.output<typeof categorySchema>;
export type CategoryWithApps = z.output<typeof categoryWithAppsSchema>;
export type AppPage = z.output<typeof appPageSchema>;

/**
 * POST /api/apps/:id/views: the visit's session id (the tracker's) and, optionally, the view's own id (the
 * app page's page view id will do): a request sent again with the same view id counts once. Each view counts;
 * one client address adds at most 10 views of an app an hour (APP_VIEWS_PER_CLIENT_HOUR, record-app-view.command.ts).
 */
export const appViewSchema = z.strictObject({
  sessionId: z.uuid({ version: 'v4', error: 'Must be a UUID (v4).' }),
  viewId: z.uuid({ version: 'v4', error: 'Must be a UUID (v4).' }).optional(),
});
export type AppViewInput = z.infer<typeof appViewSchema>;
