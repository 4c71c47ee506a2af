import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideAndAppend } from '../../shared/event-store/decider.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import type { EventMetadata } from '../../shared/event-store/events.js';
import { appDecider } from '../app/app.decider.js';
import { appStream } from '../app/app.events.js';

/** Soft delete (spec §4: is_active false): the app leaves every public read; deactivating twice is a no-op. */
export class DeactivateApp extends Command<{ id: string; is_active: false }> {
  constructor(
    readonly id: string,
    readonly metadata: EventMetadata = {},
  ) {
    super();
  }
}

@CommandHandler(DeactivateApp)
export class DeactivateAppHandler implements ICommandHandler<DeactivateApp> {
  constructor(private readonly events: EventStore) {}

  async execute({ id, metadata }: DeactivateApp): Promise<{ id: string; is_active: false }> {
    await decideAndAppend(this.events, appStream(id), appDecider, { type: 'DeactivateApp', id }, metadata);
    return { id, is_active: false };
  }
}
