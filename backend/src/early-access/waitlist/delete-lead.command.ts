/**
 * The admin deletes a lead (spec §2, Leads tab): one LeadDeleted event on the lead's own stream, carrying the
 * acting admin; the inline leads projection removes the row in the same transaction, so the list, the
 * counts and the Early Explorers figures no longer include it. Then the person's data is erased everywhere
 * else (their address, name and messages are masked in the log and every read model, the
 * e-mails included), as `npm run privacy:erase` would.
 */
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Config } from '../../shared/config/config.js';
import type { Db } from '../../shared/db/tables.js';
import { NotFoundError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import { actedBy, type ActingUser } from '../../shared/http/acting-user.js';
import { CONFIG, DB } from '../../shared/kernel.module.js';
import { outboxFolder } from '../../shared/paths.js';
import { ProjectionRunner } from '../../shared/projections/projection-runner.js';
import { erasePersonalData } from '../../privacy/erase-personal-data.js';
import { leadStream, type LeadDeleted } from './lead.events.js';

export class DeleteLead extends Command<void> {
  constructor(
    readonly leadId: string,
    readonly actor: ActingUser,
  ) {
    super();
  }
}

@CommandHandler(DeleteLead)
export class DeleteLeadHandler implements ICommandHandler<DeleteLead> {
  constructor(
    private readonly events: EventStore,
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: Config,
    private readonly projections: ProjectionRunner,
  ) {}

  async execute({ leadId, actor }: DeleteLead): Promise<void> {
    const lead = await this.db.selectFrom('leads').select(['id', 'email']).where('id', '=', leadId).executeTakeFirst();
    if (!lead) throw new NotFoundError('LEAD.NOT_FOUND', 'Lead not found');
    const event: LeadDeleted = { type: 'LeadDeleted', data: { leadId, email: lead.email } };
    // At the stream's version (it may hold the lead's confirmation): of two simultaneous deletions, one wins
    // and the other gets a conflict.
    const stream = leadStream(leadId);
    await this.events.append(stream, [event], await this.events.streamVersion(stream), actedBy(actor));
    await erasePersonalData(this.db, lead.email, {
      metadata: actedBy(actor),
      outboxDir: this.config.SMTP_URL ? undefined : outboxFolder(this.config.DATA_DIR),
      projections: this.projections,
    });
  }
}
