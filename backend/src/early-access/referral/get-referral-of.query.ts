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

/** The referral code an address owns and its results (zeros until the stats reach it); null when it has none. */
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
        'referral_codes.code',
        sql<number>`coalesce(referral_stats.clicks, 0)`.as('clicks'),
        sql<number>`coalesce(referral_stats.conversions, 0)`.as('conversions'),
        sql<string>`coalesce(referral_stats.revenue_lifetime, 0)`.as('revenue_earned'),
      ])
      .where('referral_codes.owner_email', '=', email)
      .executeTakeFirst();
    return referral ? { ...referral, revenue_earned: Number(referral.revenue_earned) } : null;
  }
}
