import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { z } from 'zod';
import type { Db } from '../../shared/db/tables.js';
import { NotFoundError } from '../../shared/errors/domain-error.js';
import { DB } from '../../shared/kernel.module.js';
import { leadTimeline, leadTimelineSchema } from './get-lead-activity.query.js';

export const leadDetailSchema = leadTimelineSchema.extend({
  lead: z.object({
    id: z.uuid(),
    email: z.string(),
    sourcePage: z.string().nullable(),
    referralCode: z.string(),
    joinedAt: z.iso.datetime(),
    sessionId: z.uuid().nullable().describe('The analytics session the lead joined in; null when unknown'),
  }),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

/** The lead detail page: the lead (from the lead list, so a lead is found as soon as it joined) and its timeline. */
export class GetLeadDetail extends Query<LeadDetail> {
  constructor(readonly leadId: string) {
    super();
  }
}

@QueryHandler(GetLeadDetail)
export class GetLeadDetailHandler implements IQueryHandler<GetLeadDetail> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ leadId }: GetLeadDetail): Promise<LeadDetail> {
    const lead = await this.db
      .selectFrom('leads')
      .leftJoin('lead_sessions', 'lead_sessions.lead_id', 'leads.id')
      .select(['leads.id', 'leads.email', 'leads.source_page', 'leads.referral_code', 'leads.created_at', 'lead_sessions.session_id'])
      .where('leads.id', '=', leadId)
      .executeTakeFirst();
    if (!lead) throw new NotFoundError('ANALYTICS.LEAD_NOT_FOUND', 'Lead not found');
    return {
      lead: {
        id: lead.id,
        email: lead.email,
        sourcePage: lead.source_page,
        referralCode: lead.referral_code,
        joinedAt: lead.created_at.toISOString(),
        // The session link is projected asynchronously: a lead that joined a moment ago may not have it yet.
        sessionId: lead.session_id ?? null,
      },
      ...(await leadTimeline(this.db, lead.email, lead.session_id ?? null)),
    };
  }
}
