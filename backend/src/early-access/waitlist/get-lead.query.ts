import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';

export interface Lead {
  id: string;
  email: string;
  sourcePage: string | null;
  referralCode: string;
  joinedAt: Date;
}

/** One lead by id, from the lead list (so a lead is found as soon as it joined); null when there is none. */
export class GetLead extends Query<Lead | null> {
  constructor(readonly leadId: string) {
    super();
  }
}

@QueryHandler(GetLead)
export class GetLeadHandler implements IQueryHandler<GetLead> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ leadId }: GetLead): Promise<Lead | null> {
    const lead = await this.db
      .selectFrom('leads')
      .select(['id', 'email', 'source_page', 'referral_code', 'created_at'])
      .where('id', '=', leadId)
      .executeTakeFirst();
    return lead
      ? { id: lead.id, email: lead.email, sourcePage: lead.source_page, referralCode: lead.referral_code, joinedAt: lead.created_at }
      : null;
  }
}
