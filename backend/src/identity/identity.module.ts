import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { ThrottlerModule } from '@nestjs/throttler';
import { RedisThrottlerStorage, throttlerOptions } from '../shared/http/rate-limit.js';
import type { Kernel } from '../shared/kernel.js';
import { KERNEL } from '../shared/kernel.module.js';
import { ConfirmEmailHandler } from './commands/confirm-email.command.js';
import { SignInHandler } from './commands/sign-in.command.js';
import { SignUpHandler } from './commands/sign-up.command.js';
import { AuthGuard } from './http/auth.guard.js';
import { IdentityController } from './identity.controller.js';
import { identityRateLimits } from './identity.rate-limits.js';
import { SessionService } from './sessions.js';

/** Accounts, sessions and roles; its guard protects every `/api/admin/` route of the application. */
@Module({
  imports: [
    CqrsModule,
    ThrottlerModule.forRootAsync({
      inject: [KERNEL],
      useFactory: (kernel: Kernel) =>
        throttlerOptions(
          identityRateLimits,
          kernel.config.RATE_LIMIT_FACTOR,
          kernel.redis && new RedisThrottlerStorage(kernel.redis, kernel.config.REDIS_PREFIX, kernel.logger),
        ),
    }),
  ],
  controllers: [IdentityController],
  providers: [SessionService, SignUpHandler, ConfirmEmailHandler, SignInHandler, { provide: APP_GUARD, useClass: AuthGuard }],
})
export class IdentityModule {}
