import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { LeadStanding } from '../../../../contracts/early-access/lead.js';
import type { Config } from '../../shared/config/config.js';
import type { Db } from '../../shared/db/tables.js';
import { CONFIG, DB } from '../../shared/kernel.module.js';
import { leadStandings, toLead } from './lead-standing.js';

export interface Lead {
  id: string;
  email: string;
  sourcePage: string | null;
  referralCode: string;
  joinedAt: Date;
  standing: LeadStanding;
}

/** One lead by id, from the lead list (so a lead is found as soon as it joined); null when there is none. */
export class GetLead extends Query<Lead | null> {
  constructor(readonly leadId: string) {
    super();
  }
}

@QueryHandler(GetLead)
export class GetLeadHandler implements IQueryHandler<GetLead> {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async execute({ leadId }: GetLead): Promise<Lead | null> {
    const [row] = await leadStandings(this.db, this.config.LEAD_CONFIRMATION_DAYS, [leadId]);
    if (!row) return null;
    const { position, status, confirmed_at, flags, referral } = toLead(row);
    return {
      id: row.id,
      email: row.email,
      sourcePage: row.source_page,
      referralCode: row.referral_code,
      joinedAt: row.created_at,
      standing: { position, status, confirmed_at, flags, referral },
    };
  }
}
