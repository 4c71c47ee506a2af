import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ScheduleModule } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { AdminConsoleModule } from './admin/admin-console.module.js';
import { AnalyticsModule } from './analytics/analytics.module.js';
import { CatalogueModule } from './catalogue/catalogue.module.js';
import { EarlyAccessModule } from './early-access/early-access.module.js';
import { FeedbackModule } from './feedback/feedback.module.js';
import { IdentityModule } from './identity/identity.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { earlyAccessRateLimits } from './early-access/early-access.rate-limits.js';
import { identityRateLimits } from './identity/identity.rate-limits.js';
import { HealthModule } from './shared/health/health.module.js';
import { publicWriteLimits } from './shared/http/public-write-limits.js';
import { RateLimitModule } from './shared/http/rate-limit.module.js';
import type { Kernel } from './shared/kernel.js';
import { KernelModule } from './shared/kernel.module.js';
import { SiteModule } from './site/site.module.js';

/** The whole application. The API process adds HTTP (controllers, the built SPA); the worker process does not. */
@Module({})
export class AppModule {
  static register(kernel: Kernel, logger: Logger, options: { http: boolean }): DynamicModule {
    return {
      module: AppModule,
      imports: [
        KernelModule.forRoot(kernel, logger),
        CqrsModule.forRoot(),
        // Scheduled work (the weekly digest) registers its jobs itself, in processes that run workers.
        ScheduleModule.forRoot(),
        CatalogueModule,
        AnalyticsModule,
        EarlyAccessModule,
        FeedbackModule,
        IdentityModule,
        NotificationsModule,
        // SiteModule last: its catch-all route answers every path the others do not.
        ...(options.http
          ? [
              RateLimitModule.forRoot([...identityRateLimits, ...earlyAccessRateLimits, ...publicWriteLimits(kernel.config)]),
              HealthModule,
              AdminConsoleModule,
              SiteModule,
            ]
          : []),
      ],
    };
  }
}
