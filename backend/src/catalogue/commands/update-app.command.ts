import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { isUniqueViolation } from '../../shared/db/errors.js';
import { ConflictError } from '../../shared/errors/domain-error.js';
import { decideAndAppend } from '../../shared/event-store/decider.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import type { EventMetadata } from '../../shared/event-store/events.js';
import { appDecider } from '../app/app.decider.js';
import { appStream } from '../app/app.events.js';
import { parseAppChanges, type AppDetails } from '../app/app.fields.js';

/**
 * Changes any catalogue field of an app (all but its views). Only the fields sent change; a field sent
 * with its current value records nothing. A slug another app uses is refused (409).
 */
export class UpdateApp extends Command<{ id: string }> {
  constructor(
    readonly id: string,
    readonly input: unknown,
    readonly metadata: EventMetadata = {},
  ) {
    super();
  }
}

@CommandHandler(UpdateApp)
export class UpdateAppHandler implements ICommandHandler<UpdateApp> {
  constructor(private readonly events: EventStore) {}

  async execute({ id, input, metadata }: UpdateApp): Promise<{ id: string }> {
    await changeApp(this.events, id, parseAppChanges(input), metadata);
    return { id };
  }
}

/** The one path every edit takes (the full form and the App Links form). */
export async function changeApp(events: EventStore, id: string, changes: Partial<AppDetails>, metadata: EventMetadata): Promise<void> {
  try {
    await decideAndAppend(events, appStream(id), appDecider, { type: 'UpdateApp', id, changes }, metadata);
  } catch (error) {
    if (isUniqueViolation(error, 'apps_slug_key')) {
      throw new ConflictError('CATALOGUE.SLUG_TAKEN', `An app with the address "${changes.slug}" already exists.`);
    }
    throw error;
  }
}
