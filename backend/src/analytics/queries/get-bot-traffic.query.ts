import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import type { DateRange } from '../metrics/date-range.js';
import { orEmpty } from '../metrics/fallback.js';
import type { BotTraffic } from '../../../../contracts/analytics/dashboard.js';

/** The bot traffic dropped at ingest over a range of UTC days. */
export class GetBotTraffic extends Query<BotTraffic> {
  constructor(readonly range: DateRange) {
    super();
  }
}

@QueryHandler(GetBotTraffic)
export class GetBotTrafficHandler implements IQueryHandler<GetBotTraffic> {
  constructor(@Inject(DB) private readonly db: Db) {}

  execute({ range }: GetBotTraffic): Promise<BotTraffic> {
    return orEmpty('bots', { batches: 0, events: 0, days: [] }, async () => {
      const { rows: days } = await sql<BotTraffic['days'][number]>`
        select to_char(day, 'YYYY-MM-DD') as day, batches, events from analytics_bot_drops
        where day between ${range.from}::date and ${range.to}::date order by day`.execute(this.db);
      return {
        batches: days.reduce((sum, d) => sum + d.batches, 0),
        events: days.reduce((sum, d) => sum + d.events, 0),
        days,
      };
    });
  }
}
