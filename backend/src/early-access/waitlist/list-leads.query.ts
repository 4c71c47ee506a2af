/**
 * The admin's Leads tab, a page at a time (contracts/paging.ts): the page's leads with their standing, the
 * totals ('All Pages (n)', 'filtered/total'), each source page with its count and the spots taken. Offset
 * pages over (created_at, waitlist_position) or (email, id), both unique orders, so walking the pages of a
 * list nobody changes meanwhile lists each lead once.
 */
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql, type Expression, type SqlBool } from 'kysely';
import { SOURCE_PAGE_OPTIONS_MAX, type LeadListQuery, type LeadPage } from '../../../../contracts/early-access/lead.js';
import { NO_SOURCE_PAGE } from '../../../../contracts/early-access/lead-export.js';
import type { Config } from '../../shared/config/config.js';
import { likeContaining } from '../../shared/db/like.js';
import type { Db } from '../../shared/db/tables.js';
import { CONFIG, DB } from '../../shared/kernel.module.js';
import { leadStandings, toLead } from './lead-standing.js';
import { countSpotsTaken } from './spots.js';

export class ListLeads extends Query<LeadPage> {
  constructor(readonly query: LeadListQuery) {
    super();
  }
}

@QueryHandler(ListLeads)
export class ListLeadsHandler implements IQueryHandler<ListLeads> {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async execute({ query }: ListLeads): Promise<LeadPage> {
    const { page, pageSize, source_page, search, sort } = query;
    const where = (): Expression<SqlBool> =>
      sql.join(
        [
          sql`true`,
          ...(source_page === undefined ? [] : [sql`coalesce(nullif(source_page, ''), ${NO_SOURCE_PAGE}) = ${source_page}`]),
          ...(search === undefined ? [] : [sql`email ilike ${likeContaining(search)}`]),
        ],
        sql` and `,
      );
    const order =
      sort === 'email'
        ? sql`email asc, id asc`
        : sort === 'oldest'
          ? sql`created_at asc, waitlist_position asc`
          : sql`created_at desc, waitlist_position desc`;
    const [ids, counts, sourcePages, spotsTaken] = await Promise.all([
      sql<{
        id: string;
      }>`select id from leads where ${where()} order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(this.db),
      sql<{ total: number; filtered: number }>`
        select count(*)::int as total, count(*) filter (where ${where()})::int as filtered from leads`.execute(this.db),
      sql<{ page: string; count: number }>`
        select coalesce(nullif(source_page, ''), ${NO_SOURCE_PAGE}) as page, count(*)::int as count
        from leads group by 1 order by 2 desc, 1 limit ${SOURCE_PAGE_OPTIONS_MAX}`.execute(this.db),
      countSpotsTaken(this.db, this.config.LEAD_CONFIRMATION_DAYS),
    ]);
    const pageIds = ids.rows.map((row) => row.id);
    const rows = await leadStandings(this.db, this.config.LEAD_CONFIRMATION_DAYS, pageIds);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return {
      items: pageIds.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toLead(row)] : [];
      }),
      page,
      pageSize,
      ...counts.rows[0]!,
      sourcePages: sourcePages.rows,
      spotsTaken,
    };
  }
}
