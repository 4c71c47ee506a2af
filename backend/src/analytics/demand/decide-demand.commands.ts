/**
 * The admin's decisions on the unmet needs, each one event on the `demand-needs` stream carrying the acting
 * admin (so the audit trail lists it); the demand projection applies them, and a rebuild applies them again.
 */
import { Command, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { markNeedInput, mergeNeedsInput, splitWordingInput } from '../../../../contracts/analytics/demand.js';
import { GetAppBySlug } from '../../catalogue/queries/get-app-by-slug.query.js';
import { NotFoundError, ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import { actedBy, type ActingUser } from '../../shared/http/acting-user.js';
import { DEMAND_STREAM, type DemandGroupMarked, type DemandGroupsMerged, type DemandWordingSplit } from './demand.events.js';
import { coreOf, wordingOf } from './wording.js';

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw ValidationError.fromZod(result.error);
  return result.data;
}

/** A core as the projection keys it, whether the admin sent a core or a wording. */
const asCore = (text: string) => coreOf(wordingOf(text));

export class MergeNeeds extends Command<void> {
  constructor(
    readonly input: unknown,
    readonly actor: ActingUser,
  ) {
    super();
  }
}

@CommandHandler(MergeNeeds)
export class MergeNeedsHandler implements ICommandHandler<MergeNeeds> {
  constructor(private readonly events: EventStore) {}

  async execute({ input, actor }: MergeNeeds): Promise<void> {
    const { a, b } = parse(mergeNeedsInput, input);
    const event: DemandGroupsMerged = { type: 'DemandGroupsMerged', data: { a: asCore(a), b: asCore(b) } };
    await this.events.appendUnversioned([{ streamId: DEMAND_STREAM, ...event }], actedBy(actor));
  }
}

export class SplitWording extends Command<void> {
  constructor(
    readonly input: unknown,
    readonly actor: ActingUser,
  ) {
    super();
  }
}

@CommandHandler(SplitWording)
export class SplitWordingHandler implements ICommandHandler<SplitWording> {
  constructor(private readonly events: EventStore) {}

  async execute({ input, actor }: SplitWording): Promise<void> {
    const { core } = parse(splitWordingInput, input);
    const event: DemandWordingSplit = { type: 'DemandWordingSplit', data: { core: asCore(core) } };
    await this.events.appendUnversioned([{ streamId: DEMAND_STREAM, ...event }], actedBy(actor));
  }
}

export class MarkNeed extends Command<void> {
  constructor(
    readonly input: unknown,
    readonly actor: ActingUser,
  ) {
    super();
  }
}

@CommandHandler(MarkNeed)
export class MarkNeedHandler implements ICommandHandler<MarkNeed> {
  constructor(
    private readonly events: EventStore,
    private readonly queries: QueryBus,
  ) {}

  async execute({ input, actor }: MarkNeed): Promise<void> {
    const { cores, label, status, appSlug } = parse(markNeedInput, input);
    let slug: string | null = null;
    if (status === 'built') {
      try {
        slug = (await this.queries.execute(new GetAppBySlug(appSlug!))).slug;
      } catch (error) {
        if (error instanceof NotFoundError)
          throw new ValidationError('appSlug: No app has this address.', { appSlug: 'No app has this address.' });
        throw error;
      }
    }
    const event: DemandGroupMarked = {
      type: 'DemandGroupMarked',
      data: { cores: [...new Set(cores.map(asCore))], label, status, appSlug: slug },
    };
    await this.events.appendUnversioned([{ streamId: DEMAND_STREAM, ...event }], actedBy(actor));
  }
}
