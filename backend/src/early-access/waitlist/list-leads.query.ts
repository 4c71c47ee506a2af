/**
 * The admin's Leads tab, a page at a time (contracts/paging.ts): the page's leads with their standing, the
 * totals ('All Pages (n)', 'filtered/total'), each source page with its count and the spots taken. Offset
 * pages over (created_at, waitlist_position) or (email, id), both unique orders, so walking the pages of a
 * list nobody changes meanwhile lists each lead once.
 */
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql, type Expression, type SqlBool } from 'kysely';
import {
  SOURCE_PAGE_OPTIONS_MAX,
  type LeadListQuery,
  type LeadPage,
  type SourcePageCount,
} from '../../../../contracts/early-access/lead.js';
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
    // One pass over the leads counts each source page; the total and a source page's count come from it, so
    // only a search needs a count of its own.
    const [ids, pages, searched, spotsTaken] = await Promise.all([
      sql<{ id: string }>`
        select id from leads where ${where()} order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(this.db),
      sql<{ total: number; selected: number | null; source_pages: SourcePageCount[] }>`
        with pages as (
          select coalesce(nullif(source_page, ''), ${NO_SOURCE_PAGE}) as page, count(*)::int as count from leads group by 1
        )
        select (select coalesce(sum(count), 0)::int from pages) as total,
          (select count from pages where page = ${source_page ?? null}) as selected,
          (select coalesce(json_agg(top order by top.count desc, top.page), '[]'::json)
             from (select page, count from pages order by count desc, page limit ${SOURCE_PAGE_OPTIONS_MAX}) top) as source_pages
      `.execute(this.db),
      search === undefined ? null : sql<{ n: number }>`select count(*)::int as n from leads where ${where()}`.execute(this.db),
      countSpotsTaken(this.db, this.config.LEAD_CONFIRMATION_DAYS),
    ]);
    const { total, selected, source_pages } = pages.rows[0]!;
    const filtered = searched ? searched.rows[0]!.n : source_page === undefined ? total : (selected ?? 0);
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
      total,
      filtered,
      sourcePages: source_pages,
      spotsTaken,
    };
  }
}
