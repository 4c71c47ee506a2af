/** An admin starts and ends viral campaigns; the site reads the active ones (GET /api/viral-campaigns). */
import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { z } from 'zod';
import { ValidationError } from '../../shared/errors/domain-error.js';
import { decideAndAppend } from '../../shared/event-store/decider.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import { actedBy, type ActingUser } from '../../shared/http/acting-user.js';
import { campaignDecider } from './campaign.decider.js';
import { campaignStream } from './campaign.events.js';

const NAME_REQUIRED = 'Please enter a campaign name.';

export const startViralCampaignInput = z.strictObject({
  name: z.string({ error: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED).max(100, 'At most 100 characters.'),
  description: z
    .string({ error: 'Must be text.' })
    .trim()
    .max(500, 'At most 500 characters.')
    .nullish()
    .transform((text) => text || null),
});

export class StartViralCampaign extends Command<{ id: string }> {
  constructor(
    readonly input: unknown,
    readonly actor: ActingUser,
  ) {
    super();
  }
}

@CommandHandler(StartViralCampaign)
export class StartViralCampaignHandler implements ICommandHandler<StartViralCampaign> {
  constructor(private readonly events: EventStore) {}

  async execute({ input, actor }: StartViralCampaign) {
    const parsed = startViralCampaignInput.safeParse(input);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const id = randomUUID();
    await decideAndAppend(
      this.events,
      campaignStream(id),
      campaignDecider,
      { type: 'StartViralCampaign', campaignId: id, ...parsed.data },
      actedBy(actor),
    );
    return { id };
  }
}

export class EndViralCampaign extends Command<void> {
  constructor(
    readonly campaignId: string,
    readonly actor: ActingUser,
  ) {
    super();
  }
}

@CommandHandler(EndViralCampaign)
export class EndViralCampaignHandler implements ICommandHandler<EndViralCampaign> {
  constructor(private readonly events: EventStore) {}

  async execute({ campaignId, actor }: EndViralCampaign) {
    await decideAndAppend(
      this.events,
      campaignStream(campaignId),
      campaignDecider,
      { type: 'EndViralCampaign', campaignId },
      actedBy(actor),
    );
  }
}
