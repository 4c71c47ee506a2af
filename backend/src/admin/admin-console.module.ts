import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AdminOverviewController } from './admin-overview.controller.js';
import { AdminSettingsController } from './admin-settings.controller.js';
import { QueueDashboard } from './queue-dashboard.js';

/** The console's own server side: settings facts, the dashboard's first screen in one read and the queue dashboard (HTTP only). */
@Module({
  imports: [CqrsModule],
  controllers: [AdminSettingsController, AdminOverviewController],
  providers: [QueueDashboard],
  exports: [QueueDashboard],
})
export class AdminConsoleModule {}
