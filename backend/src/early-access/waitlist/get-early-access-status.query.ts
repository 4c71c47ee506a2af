import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import { EARLY_EXPLORERS_CAP } from '../../../../contracts/early-access/rewards.js';

export interface EarlyAccessStatus {
  leadCount: number;
  cap: number;
  spotsRemaining: number;
  mode: 'early-explorers' | 'waitlist';
}

/** The real figures behind the lead dialog: Early Explorers mode under 100 leads, the wait-list from 100. */
export class GetEarlyAccessStatus extends Query<EarlyAccessStatus> {}

@QueryHandler(GetEarlyAccessStatus)
export class GetEarlyAccessStatusHandler implements IQueryHandler<GetEarlyAccessStatus> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute(): Promise<EarlyAccessStatus> {
    const row = await this.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const leadCount = row.count;
    return {
      leadCount,
      cap: EARLY_EXPLORERS_CAP,
      spotsRemaining: Math.max(0, EARLY_EXPLORERS_CAP - leadCount),
      mode: leadCount < EARLY_EXPLORERS_CAP ? 'early-explorers' : 'waitlist',
    };
  }
}
