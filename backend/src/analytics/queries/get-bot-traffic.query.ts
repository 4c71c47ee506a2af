import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import type { DateRange } from '../metrics/date-range.js';
import { orEmpty } from '../metrics/fallback.js';
import { excludedSessions } from './dashboard-reads.js';
import type { BotTraffic } from '../../../../contracts/analytics/dashboard.js';
import { EXCLUDED_CLASSES } from '../../../../contracts/analytics/traffic-class.js';

const TOP_RULES = 3;

/**
 * The traffic left out of the figures over a range of days: the excluded sessions started in it (the range's
 * days in its zone), by class and rule, and the bot batches dropped at ingest before every batch was kept, on
 * the range's UTC days.
 */
export class GetBotTraffic extends Query<BotTraffic> {
  constructor(
    readonly range: DateRange,
    /** false: from the visits rows alone (what the rollups must equal). */
    readonly rollups = true,
  ) {
    super();
  }
}

type Counts = { sessions: number; events: number; batches: number };

const empty = (): BotTraffic => ({
  sessions: 0,
  events: 0,
  batches: 0,
  classes: EXCLUDED_CLASSES.map((cls) => ({ class: cls, sessions: 0, events: 0, batches: 0, topRules: [] })),
  days: [],
});

@QueryHandler(GetBotTraffic)
export class GetBotTrafficHandler implements IQueryHandler<GetBotTraffic> {
  constructor(@Inject(DB) private readonly db: Db) {}

  execute({ range, rollups }: GetBotTraffic): Promise<BotTraffic> {
    return orEmpty('bots', empty(), async () => {
      const [sessions, { rows: drops }] = await Promise.all([
        excludedSessions(this.db, range, rollups),
        sql<{ day: string; traffic_class: string; traffic_rule: string; batches: number; events: number }>`
          select to_char(day, 'YYYY-MM-DD') as day, traffic_class, traffic_rule, batches, events from analytics_bot_drops
          where day between ${range.from}::date and ${range.to}::date order by day`.execute(this.db),
      ]);
      const rules = new Map<string, Counts & { class: string; rule: string }>();
      const add = (cls: string, rule: string, counts: Counts) => {
        const key = `${cls} ${rule}`;
        const row = rules.get(key) ?? { class: cls, rule, sessions: 0, events: 0, batches: 0 };
        row.sessions += counts.sessions;
        row.events += counts.events;
        row.batches += counts.batches;
        rules.set(key, row);
      };
      for (const row of sessions) add(row.traffic_class, row.traffic_rule, { sessions: row.sessions, events: row.events, batches: 0 });
      for (const row of drops) add(row.traffic_class, row.traffic_rule, { sessions: 0, events: row.events, batches: row.batches });
      const days = new Map<string, { day: string; batches: number; events: number }>();
      for (const { day, batches, events } of drops) {
        const row = days.get(day) ?? { day, batches: 0, events: 0 };
        row.batches += batches;
        row.events += events;
        days.set(day, row);
      }
      const classes = EXCLUDED_CLASSES.map((cls) => {
        const ofClass = [...rules.values()]
          .filter((row) => row.class === cls)
          .sort((a, b) => b.sessions + b.batches - (a.sessions + a.batches) || b.events - a.events || a.rule.localeCompare(b.rule));
        return {
          class: cls,
          ...sum(ofClass),
          topRules: ofClass.slice(0, TOP_RULES).map(({ rule, sessions, events, batches }) => ({ rule, sessions, events, batches })),
        };
      });
      return { ...sum(classes), classes, days: [...days.values()] };
    });
  }
}

function sum(rows: readonly Counts[]): Counts {
  return {
    sessions: rows.reduce((total, row) => total + row.sessions, 0),
    events: rows.reduce((total, row) => total + row.events, 0),
    batches: rows.reduce((total, row) => total + row.batches, 0),
  };
}
