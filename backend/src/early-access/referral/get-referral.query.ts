import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { Db } from '../../shared/db/tables.js';
import { NotFoundError } from '../../shared/errors/domain-error.js';
import { DB } from '../../shared/kernel.module.js';
import type { ReferralStats } from '../../../../contracts/early-access/referral.js';
import { REWARD_TIERS } from '../../../../contracts/early-access/rewards.js';
import { REFERRAL_CODE_PATTERN } from './referral-code.js';

/**
 * The spec's get_stats for a code: what came through that link alone, and the tiers that unlocks. The counts
 * come from the async `referral-stats` projection and may trail the latest click or confirmation by a moment.
 * Any code of the codes' form reads zeros until it has counts, whether or not anyone owns it. A code counts
 * only its own link even when its owner has others (the generator's code of a lead, say), so that it reads
 * exactly as the same code of an address not on the list would. Anything else is not a code: 404.
 */
export class GetReferral extends Query<ReferralStats> {
  constructor(readonly code: string) {
    super();
  }
}

@QueryHandler(GetReferral)
export class GetReferralHandler implements IQueryHandler<GetReferral> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ code }: GetReferral): Promise<ReferralStats> {
    const normalised = code.trim().toUpperCase();
    if (!REFERRAL_CODE_PATTERN.test(normalised)) throw new NotFoundError('REFERRAL.NOT_FOUND', 'Referral code not found');
    const row = (await this.db
      .selectFrom('referral_stats')
      .select(['code', 'clicks', 'signups', 'conversions', sql<number>`revenue_lifetime::float8`.as('revenue')])
      .where('code', '=', normalised)
      .executeTakeFirst()) ?? { code: normalised, clicks: 0, signups: 0, conversions: 0, revenue: 0 };
    return {
      code: row.code,
      stats: {
        total_clicks: row.clicks,
        total_signups: row.signups,
        total_conversions: row.conversions,
        revenue_lifetime: row.revenue,
      },
      rewards: REWARD_TIERS.map((tier) => ({ ...tier, unlocked: row.signups >= tier.invites })),
    };
  }
}
