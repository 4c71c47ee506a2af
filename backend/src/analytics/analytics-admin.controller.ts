import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ApiZodOk, ApiZodQuery, ZodPipe } from '../shared/http/zod.js';
import { dateRangeQuery, type DateRange } from './metrics/date-range.js';
import { botTrafficSchema, GetBotTraffic } from './queries/get-bot-traffic.query.js';
import { dailySeriesSchema, GetDailySeries } from './queries/get-daily-series.query.js';
import { engagementMetricsSchema, GetEngagementMetrics } from './queries/get-engagement-metrics.query.js';
import { GetLeadActivity, leadActivitySchema } from './queries/get-lead-activity.query.js';
import { GetTrafficSources, trafficSourcesSchema } from './queries/get-traffic-sources.query.js';
import { GetUtmCampaigns, utmCampaignsSchema } from './queries/get-utm-campaigns.query.js';

const rangeQuery = dateRangeQuery.in as unknown as z.ZodObject;
const emailParam = z.string().trim().min(3).max(320);

/**
 * The admin's analytics reads, all under api/admin/ (the identity module's guard requires an admin there).
 * Every range is of whole UTC days, `from` and `to` included, today by default. Metrics that fail to load
 * answer zeros (spec §8); the failure is logged.
 */
@ApiTags('admin analytics')
@Controller('api/admin/analytics')
export class AnalyticsAdminController {
  constructor(private readonly queries: QueryBus) {}

  @Get('engagement')
  @ApiOperation({ summary: 'Engagement metrics of the dashboard for a range of days' })
  @ApiZodQuery(rangeQuery)
  @ApiZodOk(engagementMetricsSchema)
  engagement(@Query(new ZodPipe(dateRangeQuery)) range: DateRange) {
    return this.queries.execute(new GetEngagementMetrics(range));
  }

  @Get('daily')
  @ApiOperation({ summary: 'Sessions and page views per day (charts)' })
  @ApiZodQuery(rangeQuery)
  @ApiZodOk(dailySeriesSchema)
  daily(@Query(new ZodPipe(dateRangeQuery)) range: DateRange) {
    return this.queries.execute(new GetDailySeries(range));
  }

  @Get('utm-campaigns')
  @ApiOperation({ summary: 'Sessions per UTM source, medium and campaign' })
  @ApiZodQuery(rangeQuery)
  @ApiZodOk(utmCampaignsSchema)
  utmCampaigns(@Query(new ZodPipe(dateRangeQuery)) range: DateRange) {
    return this.queries.execute(new GetUtmCampaigns(range));
  }

  @Get('traffic-sources')
  @ApiOperation({ summary: 'Sessions per traffic type and source' })
  @ApiZodQuery(rangeQuery)
  @ApiZodOk(trafficSourcesSchema)
  trafficSources(@Query(new ZodPipe(dateRangeQuery)) range: DateRange) {
    return this.queries.execute(new GetTrafficSources(range));
  }

  @Get('bots')
  @ApiOperation({ summary: 'Bot traffic dropped at ingest' })
  @ApiZodQuery(rangeQuery)
  @ApiZodOk(botTrafficSchema)
  bots(@Query(new ZodPipe(dateRangeQuery)) range: DateRange) {
    return this.queries.execute(new GetBotTraffic(range));
  }

  @Get('leads/:email/activity')
  @ApiOperation({ summary: "A lead's sessions, page views and interactions, and the session metrics" })
  @ApiZodOk(leadActivitySchema)
  @ApiNotFoundResponse({ description: "{ code: 'ANALYTICS.LEAD_NOT_FOUND', message: 'Lead not found' }" })
  leadActivity(@Param('email', new ZodPipe(emailParam, 'email')) email: string) {
    return this.queries.execute(new GetLeadActivity(email));
  }
}
