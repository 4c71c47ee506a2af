import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { z } from 'zod';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';

export const leadViewSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  source_page: z.string().nullable(),
  created_at: z.iso.datetime(),
});

export interface LeadView {
  id: string;
  email: string;
  source_page: string | null;
  created_at: Date;
}

/** Every lead, newest first (spec §7), for the admin's Leads tab and its export. */
export class ListLeads extends Query<LeadView[]> {}

@QueryHandler(ListLeads)
export class ListLeadsHandler implements IQueryHandler<ListLeads> {
  constructor(@Inject(DB) private readonly db: Db) {}

  execute(): Promise<LeadView[]> {
    return this.db
      .selectFrom('leads')
      .select(['id', 'email', 'source_page', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('waitlist_position', 'desc')
      .execute();
  }
}
