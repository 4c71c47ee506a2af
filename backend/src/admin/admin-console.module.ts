import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AdminSettingsController } from './admin-settings.controller.js';
import { QueueDashboard } from './queue-dashboard.js';

/** The console's own server side: settings facts and the queue dashboard (HTTP only). */
@Module({
  imports: [CqrsModule],
  controllers: [AdminSettingsController],
  providers: [QueueDashboard],
  exports: [QueueDashboard],
})
export class AdminConsoleModule {}
