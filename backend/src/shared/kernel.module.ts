/**
 * Makes the kernel's parts injectable everywhere: the database (DB), the configuration (CONFIG), the
 * event store, the projection runner and the logger. Starts the projection workers once the application
 * has booted (so start-up work such as the demo catalogue is already in the log) and closes everything on
 * shutdown.
 */
import { Global, Inject, Module, type DynamicModule, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import { EventStore } from './event-store/event-store.js';
import type { Kernel } from './kernel.js';
import { ProjectionRunner } from './projections/projection-runner.js';

export const KERNEL = Symbol('KERNEL');
export const DB = Symbol('DB');
export const CONFIG = Symbol('CONFIG');

@Global()
@Module({})
export class KernelModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(KERNEL) private readonly kernel: Kernel) {}

  static forRoot(kernel: Kernel, logger: Logger): DynamicModule {
    return {
      module: KernelModule,
      imports: [
        // Nest's own messages through pino. Request logs are mounted in bootstrap (requestLog), not by this
        // module's middleware: see shared/logging/request-log.ts.
        LoggerModule.forRoot({ pinoHttp: { logger }, forRoutes: [] }),
      ],
      providers: [
        { provide: KERNEL, useValue: kernel },
        { provide: DB, useValue: kernel.db },
        { provide: CONFIG, useValue: kernel.config },
        { provide: EventStore, useValue: kernel.eventStore },
        { provide: ProjectionRunner, useValue: kernel.runner },
      ],
      exports: [KERNEL, DB, CONFIG, EventStore, ProjectionRunner],
    };
  }

  onApplicationBootstrap(): void {
    this.kernel.workers?.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.kernel.close();
  }
}
