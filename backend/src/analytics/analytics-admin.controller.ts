import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiNotFoundResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Actor, type ActingUser } from '../shared/http/acting-user.js';
import { ApiZodOk, ApiZodQuery, openApiSchema, ZodPipe } from '../shared/http/zod.js';
import { dateRangeQuery, rangeQuery, type DateRange } from './metrics/date-range.js';
import { GetBotTraffic } from './queries/get-bot-traffic.query.js';
import { GetDailySeries } from './queries/get-daily-series.query.js';
import { GetEngagementMetrics } from './queries/get-engagement-metrics.query.js';
import { GetGrowth } from './queries/get-growth.query.js';
import { GetLeadActivity } from './queries/get-lead-activity.query.js';
import { GetLeadDetail } from './queries/get-lead-detail.query.js';
import { GetTrafficSources } from './queries/get-traffic-sources.query.js';
import { GetUtmCampaigns } from './queries/get-utm-campaigns.query.js';
import { GetSearchQueries } from './search-console/get-search-queries.query.js';
import {
  botTrafficSchema,
  dailySeriesSchema,
  engagementMetricsSchema,
  growthSchema,
  leadActivitySchema,
  leadDetailSchema,
  recordedSearchQueriesSchema,
  searchQueriesSchema,
  trafficSourcesSchema,
  utmCampaignsSchema,
} from '../../../contracts/analytics/dashboard.js';
import {
  FetchSearchQueries,
  fetchSearchQueriesInput,
  ImportSearchQueriesCsv,
  importSearchQueriesInput,
} from './search-console/record-search-queries.command.js';

const rangeParams = dateRangeQuery.in as unknown as z.ZodObject;
const searchQueriesQuery = rangeQuery({
  limit: z.coerce.number().int().min(1).max(1000).default(50).describe('How many queries (default 50)'),
});
const leadIdParam = z.uuid({ error: 'Must be a lead id (uuid).' });

/**
 * The admin's analytics reads, all under api/admin/ (the identity module's guard requires an admin there).
 * Every range is of whole days in the admin's time zone (`tz`, an IANA name, UTC by default; an unknown one
 * is a 400), `from` and `to` included, today by default. Metrics that fail to load answer zeros (spec §8);
 * the failure is logged.
 */
@ApiTags('admin analytics')
@Controller('api/admin/analytics')
export class AnalyticsAdminController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Get('engagement')
  @ApiOperation({ summary: 'Engagement metrics of the dashboard for a range of days, each card against the previous period' })
  @ApiZodQuery(rangeParams)
  @ApiZodOk(engagementMetricsSchema)
  engagement(@Query(new ZodPipe(dateRangeQuery)) range: DateRange) {
    return this.queries.execute(new GetEngagementMetrics(range));
  }

  @Get('growth')
  @ApiOperation({
    summary: 'Apps added, leads joined, app views counted and suggestions received in a range of days, each against the previous period',
  })
  @ApiZodQuery(rangeParams)
  @ApiZodOk(growthSchema)
  growth(@Query(new ZodPipe(dateRangeQuery)) range: DateRange) {
    return this.queries.execute(new GetGrowth(range));
  }

  @Get('daily')
  @ApiOperation({ summary: 'Sessions and page views per day (charts)' })
  @ApiZodQuery(rangeParams)
  @ApiZodOk(dailySeriesSchema)
  daily(@Query(new ZodPipe(dateRangeQuery)) range: DateRange) {
    return this.queries.execute(new GetDailySeries(range));
  }

  @Get('utm-campaigns')
  @ApiOperation({ summary: 'Sessions per UTM source, medium and campaign' })
  @ApiZodQuery(rangeParams)
  @ApiZodOk(utmCampaignsSchema)
  utmCampaigns(@Query(new ZodPipe(dateRangeQuery)) range: DateRange) {
    return this.queries.execute(new GetUtmCampaigns(range));
  }

  @Get('traffic-sources')
  @ApiOperation({ summary: 'Sessions per traffic type and source' })
  @ApiZodQuery(rangeParams)
  @ApiZodOk(trafficSourcesSchema)
  trafficSources(@Query(new ZodPipe(dateRangeQuery)) range: DateRange) {
    return this.queries.execute(new GetTrafficSources(range));
  }

  @Get('bots')
  @ApiOperation({ summary: 'Bot traffic dropped at ingest' })
  @ApiZodQuery(rangeParams)
  @ApiZodOk(botTrafficSchema)
  bots(@Query(new ZodPipe(dateRangeQuery)) range: DateRange) {
    return this.queries.execute(new GetBotTraffic(range));
  }

  @Get('leads/by-id/:leadId')
  @ApiOperation({ summary: 'The lead detail page: the lead, its source and referral code, and its activity timeline' })
  @ApiZodOk(leadDetailSchema)
  @ApiNotFoundResponse({ description: "{ code: 'ANALYTICS.LEAD_NOT_FOUND', message: 'Lead not found' }" })
  leadDetail(@Param('leadId', new ZodPipe(leadIdParam, 'leadId')) leadId: string) {
    return this.queries.execute(new GetLeadDetail(leadId));
  }

  // By the lead's id, never its address: paths are logged.
  @Get('leads/:leadId/activity')
  @ApiOperation({ summary: "A lead's sessions, page views and interactions, and the session metrics" })
  @ApiZodOk(leadActivitySchema)
  @ApiNotFoundResponse({ description: "{ code: 'ANALYTICS.LEAD_NOT_FOUND', message: 'Lead not found' }" })
  leadActivity(@Param('leadId', new ZodPipe(leadIdParam, 'leadId')) leadId: string) {
    return this.queries.execute(new GetLeadActivity(leadId));
  }

  @Get('search-queries')
  @ApiOperation({ summary: 'Top search queries (Search Console) over the periods recorded inside the range' })
  @ApiZodQuery(searchQueriesQuery.in as unknown as z.ZodObject)
  @ApiZodOk(searchQueriesSchema)
  searchQueries(@Query(new ZodPipe(searchQueriesQuery)) { limit, ...range }: z.output<typeof searchQueriesQuery>) {
    return this.queries.execute(new GetSearchQueries(range, limit));
  }

  @Post('search-queries/fetch')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Pull the last 7 days (or the given days) from the Search Console API and record them' })
  @ApiBody({ required: false, schema: openApiSchema(fetchSearchQueriesInput, 'input') })
  @ApiZodOk(recordedSearchQueriesSchema)
  @ApiServiceUnavailableResponse({ description: 'Search Console not configured, or not reachable' })
  fetchSearchQueries(@Body() body: unknown, @Actor() actor: ActingUser) {
    return this.commands.execute(new FetchSearchQueries(body, actor));
  }

  @Post('search-queries/import')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Record a Search Console "Queries" CSV export for the period it covers (up to 1 MB)' })
  @ApiBody({ schema: openApiSchema(importSearchQueriesInput, 'input') })
  @ApiZodOk(recordedSearchQueriesSchema)
  importSearchQueries(@Body() body: unknown, @Actor() actor: ActingUser) {
    return this.commands.execute(new ImportSearchQueriesCsv(body, actor));
  }
}
