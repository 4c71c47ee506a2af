import { Inject } from '@nestjs/common';
import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../shared/db/tables.js';
import { NotFoundError } from '../../shared/errors/domain-error.js';
import { DB } from '../../shared/kernel.module.js';
import { GetLead } from '../../early-access/waitlist/get-lead.query.js';
import { leadTimeline } from './get-lead-activity.query.js';
import type { LeadDetail } from '../../../../contracts/analytics/dashboard.js';

/** The lead detail page: the lead (from the lead list, so a lead is found as soon as it joined) and its timeline. */
export class GetLeadDetail extends Query<LeadDetail> {
  constructor(readonly leadId: string) {
    super();
  }
}

@QueryHandler(GetLeadDetail)
export class GetLeadDetailHandler implements IQueryHandler<GetLeadDetail> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly queries: QueryBus,
  ) {}

  async execute({ leadId }: GetLeadDetail): Promise<LeadDetail> {
    const lead = await this.queries.execute(new GetLead(leadId));
    if (!lead) throw new NotFoundError('ANALYTICS.LEAD_NOT_FOUND', 'Lead not found');
    // The session link is projected asynchronously: a lead that joined a moment ago may not have it yet.
    const session = await this.db.selectFrom('lead_sessions').select('session_id').where('lead_id', '=', leadId).executeTakeFirst();
    const sessionId = session?.session_id ?? null;
    return {
      lead: { ...lead, joinedAt: lead.joinedAt.toISOString(), sessionId },
      ...(await leadTimeline(this.db, this.queries, lead.email, sessionId)),
    };
  }
}
