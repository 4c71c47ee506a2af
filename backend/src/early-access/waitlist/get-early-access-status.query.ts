import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../shared/db/tables.js';
import type { Config } from '../../shared/config/config.js';
import { CONFIG, DB } from '../../shared/kernel.module.js';
import { countSpotsTaken } from './spots.js';
import { EARLY_EXPLORERS_CAP } from '../../../../contracts/early-access/rewards.js';
import type { EarlyAccessStatus } from '../../../../contracts/early-access/waitlist.js';

/**
 * The real figures behind the lead dialog: Early Explorers mode while the spots taken (confirmed Explorers,
 * plus pending leads up to a quarter of the free spots: spots.ts) are under 100, the wait-list from 100, which
 * only confirmed Explorers can reach. `leadCount` is that count, the spec's "lead count".
 */
export class GetEarlyAccessStatus extends Query<EarlyAccessStatus> {}

@QueryHandler(GetEarlyAccessStatus)
export class GetEarlyAccessStatusHandler implements IQueryHandler<GetEarlyAccessStatus> {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async execute(): Promise<EarlyAccessStatus> {
    const leadCount = await countSpotsTaken(this.db, this.config.LEAD_CONFIRMATION_DAYS);
    return {
      leadCount,
      cap: EARLY_EXPLORERS_CAP,
      spotsRemaining: Math.max(0, EARLY_EXPLORERS_CAP - leadCount),
      mode: leadCount < EARLY_EXPLORERS_CAP ? 'early-explorers' : 'waitlist',
    };
  }
}
