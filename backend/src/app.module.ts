import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ServeStaticModule } from '@nestjs/serve-static';
import type { Logger } from 'pino';
import { CatalogueModule } from './catalogue/catalogue.module.js';
import { HealthController } from './shared/health/health.controller.js';
import type { Kernel } from './shared/kernel.js';
import { KernelModule } from './shared/kernel.module.js';
import { FRONTEND_DIST } from './shared/paths.js';

/** The whole application. The API process adds HTTP (controllers, the built SPA); the worker process does not. */
@Module({})
export class AppModule {
  static register(kernel: Kernel, logger: Logger, options: { http: boolean }): DynamicModule {
    return {
      module: AppModule,
      imports: [
        KernelModule.forRoot(kernel, logger),
        CqrsModule.forRoot(),
        CatalogueModule,
        ...(options.http ? [ServeStaticModule.forRoot({ rootPath: FRONTEND_DIST, exclude: ['/api/{*rest}'] })] : []),
      ],
      controllers: options.http ? [HealthController] : [],
    };
  }
}
