import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import { maskEmail } from '../../shared/validation/mask-email.js';
import type { LeaderboardEntry } from '../../../../contracts/early-access/referral.js';

/** The spec's leaderboard shows 8 by default. */
export const LEADERBOARD_SIZE = 8;

export const leaderboardQuery = z.strictObject({
  limit: z.coerce
    .number({ error: 'Must be a number from 1 to 50.' })
    .int('Must be a number from 1 to 50.')
    .min(1, 'Must be a number from 1 to 50.')
    .max(50, 'Must be a number from 1 to 50.')
    .default(LEADERBOARD_SIZE),
});

/**
 * The referrers with the most friends who joined through their links, every code of an address added up (its
 * lead's, the generator's, the ones told to strangers' joins); the older first code ranks first on a tie.
 * Read from the async `referral-stats` projection; addresses leave the server masked.
 */
export class GetLeaderboard extends Query<LeaderboardEntry[]> {
  constructor(readonly limit = LEADERBOARD_SIZE) {
    super();
  }
}

@QueryHandler(GetLeaderboard)
export class GetLeaderboardHandler implements IQueryHandler<GetLeaderboard> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ limit }: GetLeaderboard): Promise<LeaderboardEntry[]> {
    // Only codes with sign-ups (the partial leaderboard index) are read: one row per credited referrer link.
    const rows = await this.db
      .selectFrom('referral_stats')
      .select(['owner_email', sql<number>`sum(signups)::int`.as('signups')])
      .where('signups', '>', 0)
      .groupBy('owner_email')
      .orderBy(sql`sum(signups)`, 'desc')
      .orderBy(sql`min(created_at)`)
      .orderBy(sql`min(code)`)
      .limit(limit)
      .execute();
    return rows.map((row) => ({ masked_email: maskEmail(row.owner_email), invite_count: row.signups }));
  }
}
