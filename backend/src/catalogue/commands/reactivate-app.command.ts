import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideAndAppend } from '../../shared/event-store/decider.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import type { EventMetadata } from '../../shared/event-store/events.js';
import { appDecider } from '../app/app.decider.js';
import { appStream } from '../app/app.events.js';

/** Undoes a soft delete: the app is listed again, at its old address, with its views. */
export class ReactivateApp extends Command<{ id: string; is_active: true }> {
  constructor(
    readonly id: string,
    readonly metadata: EventMetadata = {},
  ) {
    super();
  }
}

@CommandHandler(ReactivateApp)
export class ReactivateAppHandler implements ICommandHandler<ReactivateApp> {
  constructor(private readonly events: EventStore) {}

  async execute({ id, metadata }: ReactivateApp): Promise<{ id: string; is_active: true }> {
    await decideAndAppend(this.events, appStream(id), appDecider, { type: 'ReactivateApp', id }, metadata);
    return { id, is_active: true };
  }
}
