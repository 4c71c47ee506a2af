/**
 * Loads the demo catalogue on start-up through the same command as any other app. Each demo app has a
 * fixed id, so an app already in the log (even one deactivated since) is never added again, and processes
 * starting together cannot add one twice.
 */
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Config } from '../../shared/config/config.js';
import { ConflictError } from '../../shared/errors/domain-error.js';
import { CONFIG } from '../../shared/kernel.module.js';
import { AddApp } from '../commands/add-app.command.js';
import { DEMO_CATALOGUE } from './demo-catalogue.js';

@Injectable()
export class DemoCatalogueSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoCatalogueSeeder.name);

  constructor(
    private readonly commands: CommandBus,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.DEMO_CATALOGUE) return;
    const added = await seedDemoCatalogue(this.commands);
    if (added > 0) this.logger.log(`Demo catalogue: added ${added} apps`);
  }
}

export async function seedDemoCatalogue(commands: CommandBus): Promise<number> {
  let added = 0;
  for (const app of DEMO_CATALOGUE) {
    try {
      await commands.execute(new AddApp(app.fields, app.id, { correlationId: 'demo-catalogue' }));
      added++;
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error; // already there (ConcurrencyError is a ConflictError)
    }
  }
  return added;
}
