import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import type { DateRange } from '../metrics/date-range.js';
import { orEmpty } from '../metrics/fallback.js';

export const botTrafficSchema = z.object({
  batches: z.number().int().describe('Tracker batches refused as bot traffic'),
  events: z.number().int().describe('Events in them'),
  days: z.array(z.object({ day: z.string(), batches: z.number().int(), events: z.number().int() })),
});
export type BotTraffic = z.infer<typeof botTrafficSchema>;

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
