import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';

export interface ReferralOf {
  code: string;
  clicks: number;
  conversions: number;
  /** USD. */
  revenue_earned: number;
}

/**
 * The referral code of an address (its lead's own when it is on the list, else the generator's) and the
 * results of every code it owns added up (zeros until the stats reach them); null when it has none. For the
 * admin only: public figures are per code.
 */
export class GetReferralOf extends Query<ReferralOf | null> {
  constructor(readonly email: string) {
    super();
  }
}

@QueryHandler(GetReferralOf)
export class GetReferralOfHandler implements IQueryHandler<GetReferralOf> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ email }: GetReferralOf): Promise<ReferralOf | null> {
    const referral = await this.db
      .selectFrom('referral_codes')
      .leftJoin('referral_stats', 'referral_stats.code', 'referral_codes.code')
      .select([
        sql<string | null>`coalesce((select referral_code from leads where email = ${email}), min(referral_codes.code))`.as('code'),
        sql<number>`coalesce(sum(referral_stats.clicks), 0)::int`.as('clicks'),
        sql<number>`coalesce(sum(referral_stats.conversions), 0)::int`.as('conversions'),
        sql<string>`coalesce(sum(referral_stats.revenue_lifetime), 0)`.as('revenue_earned'),
        sql<number>`count(referral_codes.code)::int`.as('codes'),
      ])
      .where('referral_codes.owner_email', '=', email)
      .executeTakeFirstOrThrow();
    const { codes, ...figures } = referral;
    if (codes === 0 || figures.code === null) return null;
    return { ...figures, code: figures.code, revenue_earned: Number(figures.revenue_earned) };
  }
}
