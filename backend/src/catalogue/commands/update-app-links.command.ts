import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import type { EventMetadata } from '../../shared/event-store/events.js';
import { appLinksSchema } from '../app/app.fields.js';
import { changeApp } from './update-app.command.js';

/** The App Links tab's save (spec §7): development status, status text, app URL and whether the link shows. */
export class UpdateAppLinks extends Command<{ id: string }> {
  constructor(
    readonly id: string,
    readonly input: unknown,
    readonly metadata: EventMetadata = {},
  ) {
    super();
  }
}

@CommandHandler(UpdateAppLinks)
export class UpdateAppLinksHandler implements ICommandHandler<UpdateAppLinks> {
  constructor(private readonly events: EventStore) {}

  async execute({ id, input, metadata }: UpdateAppLinks): Promise<{ id: string }> {
    const parsed = appLinksSchema.safeParse(input);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    await changeApp(this.events, id, parsed.data, metadata);
    return { id };
  }
}
