/**
 * The admin dashboard's first screen in one read (GET /api/admin/overview): the answers of the reads the
 * Overview tab makes as it first renders, each part equal to its own endpoint's answer for the same
 * parameters (named beside it). `from` and `to` are the traffic chart's and analytics panel's window; the
 * cards are today's in `tz`, as the engagement and growth reads answer without days.
 */
import { z } from 'zod';
import { dateRangeFields } from '../analytics/date-range.js';
import { dailySeriesSchema, engagementMetricsSchema, growthSchema, searchQueriesSchema } from '../analytics/dashboard.js';
import { adminAppPageSchema, appSummarySchema } from '../catalogue/app.js';
import { leadPageSchema } from '../early-access/lead.js';
import { developerInquiryPageSchema, quickQuestionPageSchema, suggestionPageSchema } from '../feedback/views.js';
import { adminSettingsSchema } from './settings.js';
import { CATALOGUE_FIGURES_PAGE_SIZE, SEARCH_QUERIES_SHOWN, TOP_APPS_PAGE_SIZE } from './first-screen.js';

export const ADMIN_OVERVIEW_PATH = '/api/admin/overview';

export const adminOverviewQuery = z.strictObject(dateRangeFields);

export const adminOverviewSchema = z.object({
  catalogue: adminAppPageSchema.describe(`GET /api/admin/apps?pageSize=${CATALOGUE_FIGURES_PAGE_SIZE}: the catalogue's figures`),
  engagement: engagementMetricsSchema.describe('GET /api/admin/analytics/engagement?tz=: today in the zone'),
  growth: growthSchema.describe('GET /api/admin/analytics/growth?tz=: today in the zone'),
  leads: leadPageSchema.describe("GET /api/admin/leads: the first page, the spots taken and the tab's count"),
  suggestions: suggestionPageSchema.describe('GET /api/admin/suggestions: the first page and the total'),
  quickQuestions: quickQuestionPageSchema.describe('GET /api/admin/quick-questions: the first page and the unread count'),
  developerInquiries: developerInquiryPageSchema.describe('GET /api/admin/developer-inquiries: the first page and the unread count'),
  topApps: appSummarySchema.array().describe(`GET /api/apps/top?limit=${TOP_APPS_PAGE_SIZE}&offset=0: the most viewed apps`),
  settings: adminSettingsSchema.describe('GET /api/admin/settings'),
  daily: dailySeriesSchema.describe('GET /api/admin/analytics/daily?from=&to=&tz=: the traffic chart'),
  searchQueries: searchQueriesSchema.describe(`GET /api/admin/analytics/search-queries?from=&to=&tz=&limit=${SEARCH_QUERIES_SHOWN}`),
});
export type AdminOverview = z.output<typeof adminOverviewSchema>;
