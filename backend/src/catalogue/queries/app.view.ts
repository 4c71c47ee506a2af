/**
 * How the read API's queries select an app: every column of the `apps` read model the contract's schemas
 * name (contracts/catalogue/app.ts), with `views` = starting figure + counted views. The queries below are
 * shared by the query handlers.
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import { appSchema, appSummarySchema, type App } from '../../../../contracts/catalogue/app.js';
import type { Db } from '../../shared/db/tables.js';
import type { AppsTable } from '../catalogue.tables.js';

type Column = keyof App & keyof AppsTable;
const columnsOf = (schema: z.ZodObject) =>
  Object.keys(schema.shape)
    .filter((column) => column !== 'views')
    .map((column) => `apps.${column as Column}` as const);
const APP_COLUMNS = columnsOf(appSchema);
const SUMMARY_COLUMNS = columnsOf(appSummarySchema);

/** An app row as the API sends it: the timestamps as the ISO strings JSON writes for them. */
export function toApp(row: Omit<App, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date }): App {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

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
