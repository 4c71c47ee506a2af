import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AnalyticsAdminController } from './analytics-admin.controller.js';
import { AnalyticsController } from './analytics.controller.js';
import { IngestBackpressure } from './collect/ingest-backpressure.js';
import { CollectAnalyticsHandler } from './commands/collect-analytics.command.js';
import { MarkNeedHandler, MergeNeedsHandler, SplitWordingHandler } from './demand/decide-demand.commands.js';
import { DemandAdminController } from './demand/demand-admin.controller.js';
import { GetDemandHandler } from './demand/get-demand.query.js';
import { GetBotTrafficHandler } from './queries/get-bot-traffic.query.js';
import { GetDailySeriesHandler } from './queries/get-daily-series.query.js';
import { GetEngagementMetricsHandler } from './queries/get-engagement-metrics.query.js';
import { GetGrowthHandler } from './queries/get-growth.query.js';
import { GetLeadActivityHandler } from './queries/get-lead-activity.query.js';
import { GetLeadDetailHandler } from './queries/get-lead-detail.query.js';
import { GetTrafficSourcesHandler } from './queries/get-traffic-sources.query.js';
import { GetUtmCampaignsHandler } from './queries/get-utm-campaigns.query.js';
import { GetSearchQueriesHandler } from './search-console/get-search-queries.query.js';
import { FetchSearchQueriesHandler, ImportSearchQueriesCsvHandler } from './search-console/record-search-queries.command.js';

/** Visitor analytics: the tracker's batched ingest, the visit read models and the admin's metrics. */
@Module({
  imports: [CqrsModule],
  controllers: [AnalyticsController, AnalyticsAdminController, DemandAdminController],
  providers: [
    CollectAnalyticsHandler,
    IngestBackpressure,
    GetEngagementMetricsHandler,
    GetGrowthHandler,
    GetDailySeriesHandler,
    GetUtmCampaignsHandler,
    GetTrafficSourcesHandler,
    GetBotTrafficHandler,
    GetLeadActivityHandler,
    GetLeadDetailHandler,
    GetSearchQueriesHandler,
    FetchSearchQueriesHandler,
    ImportSearchQueriesCsvHandler,
    GetDemandHandler,
    MergeNeedsHandler,
    SplitWordingHandler,
    MarkNeedHandler,
  ],
})
export class AnalyticsModule {}
