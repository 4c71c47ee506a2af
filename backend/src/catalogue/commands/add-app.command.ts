import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { isUniqueViolation } from '../../shared/db/errors.js';
import { ConflictError } from '../../shared/errors/domain-error.js';
import { decideAndAppend } from '../../shared/event-store/decider.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import type { EventMetadata } from '../../shared/event-store/events.js';
import { appDecider } from '../app/app.decider.js';
import { appStream } from '../app/app.events.js';
import { parseAppFields } from '../app/app.fields.js';

/** Adds an app to the catalogue. `input` is validated here (400 with the fields); the slug must be free (409). */
export class AddApp extends Command<{ id: string; slug: string }> {
  constructor(
    readonly input: unknown,
    readonly id: string = randomUUID(),
    readonly metadata: EventMetadata = {},
  ) {
    super();
  }
}

@CommandHandler(AddApp)
export class AddAppHandler implements ICommandHandler<AddApp> {
  constructor(private readonly events: EventStore) {}

  async execute({ input, id, metadata }: AddApp): Promise<{ id: string; slug: string }> {
    const { details, views } = parseAppFields(input);
    try {
      await decideAndAppend(this.events, appStream(id), appDecider, { type: 'AddApp', id, details, views }, metadata);
    } catch (error) {
      if (isUniqueViolation(error, 'apps_slug_key')) {
        throw new ConflictError('CATALOGUE.SLUG_TAKEN', `An app with the address "${details.slug}" already exists.`);
      }
      throw error;
    }
    return { id, slug: details.slug };
  }
}
