import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../shared/db/tables.js';
import { NotFoundError } from '../../shared/errors/domain-error.js';
import { DB } from '../../shared/kernel.module.js';

export const referralStatsSchema = z.object({
  code: z.string(),
  /** Visits through the link (once per browser session). */
  clicks: z.number().int(),
  /** Friends who joined the list through the link. */
  conversions: z.number().int(),
  /** The referrer's 50% of referred customers' revenue: 0 until there are paying customers. */
  revenue_earned: z.number(),
});
export type ReferralStats = z.infer<typeof referralStatsSchema>;

/** A referral code's stats (the spec's referral_codes columns). */
export class GetReferral extends Query<ReferralStats> {
  constructor(readonly code: string) {
    super();
  }
}

@QueryHandler(GetReferral)
export class GetReferralHandler implements IQueryHandler<GetReferral> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ code }: GetReferral): Promise<ReferralStats> {
    const row = await this.db
      .selectFrom('referral_codes')
      .select(['code', 'clicks', 'conversions', sql<number>`revenue_earned::float8`.as('revenue_earned')])
      .where('code', '=', code.trim().toUpperCase())
      .executeTakeFirst();
    if (!row) throw new NotFoundError('REFERRAL.NOT_FOUND', 'Referral code not found');
    return row;
  }
}
