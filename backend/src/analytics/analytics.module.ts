import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AnalyticsController } from './analytics.controller.js';
import { CollectAnalyticsHandler } from './commands/collect-analytics.command.js';

/** Visitor analytics: the tracker's batched ingest, the visit read models and the admin's metrics. */
@Module({
  imports: [CqrsModule],
  controllers: [AnalyticsController],
  providers: [CollectAnalyticsHandler],
})
export class AnalyticsModule {}
