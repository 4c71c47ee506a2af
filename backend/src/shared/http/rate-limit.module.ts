import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import type { Kernel } from '../kernel.js';
import { KERNEL } from '../kernel.module.js';
import { HitCounterStorage, RateLimitGuard, throttlerOptions, type RateLimit } from './rate-limit.js';

/** The application's rate limits, checked by one global guard (see rate-limit.ts). */
@Module({})
export class RateLimitModule {
  static forRoot(limits: readonly RateLimit[]): DynamicModule {
    return {
      module: RateLimitModule,
      imports: [
        ThrottlerModule.forRootAsync({
          inject: [KERNEL],
          useFactory: (kernel: Kernel) => throttlerOptions(limits, kernel.config.RATE_LIMIT_FACTOR, new HitCounterStorage(kernel.hits)),
        }),
      ],
      providers: [{ provide: APP_GUARD, useClass: RateLimitGuard }],
    };
  }
}
