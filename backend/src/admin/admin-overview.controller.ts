import { Controller, Get, Inject, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CATALOGUE_FIGURES_PAGE_SIZE, SEARCH_QUERIES_SHOWN, TOP_APPS_PAGE_SIZE } from '../../../contracts/admin/first-screen.js';
import { adminOverviewQuery, adminOverviewSchema, type AdminOverview } from '../../../contracts/admin/overview.js';
import { adminAppListQuery } from '../../../contracts/catalogue/app.js';
import { leadListQuery } from '../../../contracts/early-access/lead.js';
import { feedbackListQuery } from '../../../contracts/feedback/views.js';
import { dateRangeQuery, withDateRange, type DateRange } from '../analytics/metrics/date-range.js';
import { GetDailySeries } from '../analytics/queries/get-daily-series.query.js';
import { GetEngagementMetrics } from '../analytics/queries/get-engagement-metrics.query.js';
import { GetGrowth } from '../analytics/queries/get-growth.query.js';
import { GetSearchQueries } from '../analytics/search-console/get-search-queries.query.js';
import { ListAdminApps } from '../catalogue/queries/list-admin-apps.query.js';
import { GetTopApps } from '../catalogue/queries/get-top-apps.query.js';
import { ListLeads } from '../early-access/waitlist/list-leads.query.js';
import { ListDeveloperInquiries, ListQuickQuestions, ListSuggestions } from '../feedback/queries/list-feedback.queries.js';
import type { Config } from '../shared/config/config.js';
import { ApiZodOk, ApiZodQuery, ZodPipe } from '../shared/http/zod.js';
import { CONFIG } from '../shared/kernel.module.js';
import { adminSettings } from './admin-settings.controller.js';
import { QueueDashboard } from './queue-dashboard.js';

const overviewQuery = withDateRange(adminOverviewQuery);

/**
 * The dashboard's first screen in one request (admin only: under api/admin/): the reads the Overview makes
 * as it first renders, each asked of the query its own endpoint asks, with the same parameters, all at once.
 * One request instead of a dozen: one session check, one round trip, and the reads share the pool.
 */
@ApiTags('admin overview')
@Controller('api/admin')
export class AdminOverviewController {
  constructor(
    private readonly queries: QueryBus,
    @Inject(CONFIG) private readonly config: Config,
    private readonly queues: QueueDashboard,
  ) {}

  @Get('overview')
  @ApiOperation({
    summary:
      "The admin dashboard's first screen: today's cards in the time zone, the lists' first pages and counts, the top apps, settings, and the traffic chart and search queries for from–to",
  })
  @ApiZodQuery(adminOverviewQuery)
  @ApiZodOk(adminOverviewSchema)
  @ApiBadRequestResponse({ description: '{ code, message, fields }: a day not in the form YYYY-MM-DD, to before from, an unknown zone' })
  async overview(@Query(new ZodPipe(overviewQuery)) window: DateRange): Promise<AdminOverview> {
    // The cards' range is the engagement and growth reads' default: today in the zone.
    const today = dateRangeQuery.parse({ tz: window.timeZone });
    const q = this.queries;
    const [catalogue, engagement, growth, leads, suggestions, quickQuestions, developerInquiries, topApps, daily, searchQueries] =
      await Promise.all([
        q.execute(new ListAdminApps(adminAppListQuery.parse({ pageSize: CATALOGUE_FIGURES_PAGE_SIZE }))),
        q.execute(new GetEngagementMetrics(today)),
        q.execute(new GetGrowth(today)),
        q.execute(new ListLeads(leadListQuery.parse({}))),
        q.execute(new ListSuggestions(feedbackListQuery.parse({}))),
        q.execute(new ListQuickQuestions(feedbackListQuery.parse({}))),
        q.execute(new ListDeveloperInquiries(feedbackListQuery.parse({}))),
        q.execute(new GetTopApps(TOP_APPS_PAGE_SIZE, 0)),
        q.execute(new GetDailySeries(window)),
        q.execute(new GetSearchQueries(window, SEARCH_QUERIES_SHOWN)),
      ]);
    return {
      catalogue,
      engagement,
      growth,
      leads,
      suggestions,
      quickQuestions,
      developerInquiries,
      topApps,
      settings: adminSettings(this.config, this.queues),
      daily,
      searchQueries,
    };
  }
}
