import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Lead } from '../../../../contracts/early-access/lead.js';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';

/** Every lead, newest first (spec §7), for the admin's Leads tab and its export. */
export class ListLeads extends Query<Lead[]> {}

@QueryHandler(ListLeads)
export class ListLeadsHandler implements IQueryHandler<ListLeads> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute(): Promise<Lead[]> {
    const leads = await this.db
      .selectFrom('leads')
      .select(['id', 'email', 'source_page', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('waitlist_position', 'desc')
      .execute();
    // The time as the ISO string JSON writes for it.
    return leads.map((lead) => ({ ...lead, created_at: lead.created_at.toISOString() }));
  }
}
