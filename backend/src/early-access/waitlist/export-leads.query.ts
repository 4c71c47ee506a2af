/**
 * The lead export as CSV (contracts/early-access/lead-export.ts), newest first as the Leads tab lists them.
 * Read in keyset pages of EXPORT_PAGE_SIZE on (created_at, waitlist_position), both descending, so memory
 * stays flat whatever the count and every lead present for the whole export is written exactly once. The
 * cursor's time is kept as PostgreSQL's text, which holds the microseconds a JS Date would drop.
 */
import type { Readable } from 'node:stream';
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import {
  LEAD_EXPORT_COLUMNS,
  leadExportDate,
  NO_SOURCE_PAGE,
  type LeadExportFilter,
} from '../../../../contracts/early-access/lead-export.js';
import { csvStream, type CsvCell } from '../../shared/csv/csv-stream.js';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';

export const EXPORT_PAGE_SIZE = 1000;

interface ExportRow {
  email: string;
  source_page: string | null;
  created_at: Date;
  waitlist_position: number;
  cursor_at: string;
}

type Cursor = Pick<ExportRow, 'cursor_at' | 'waitlist_position'>;

/** The CSV as a stream; the first page is read before it is returned, so a failing database is an error answer. */
export class ExportLeads extends Query<Readable> {
  constructor(readonly filter: LeadExportFilter = {}) {
    super();
  }
}

@QueryHandler(ExportLeads)
export class ExportLeadsHandler implements IQueryHandler<ExportLeads> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ filter }: ExportLeads): Promise<Readable> {
    const first = await readPage(this.db, filter, null);
    const db = this.db;
    async function* rows(): AsyncGenerator<CsvCell[]> {
      for (let page = first; ;) {
        for (const row of page) yield [row.email, row.source_page, leadExportDate(row.created_at)];
        if (page.length < EXPORT_PAGE_SIZE) return;
        page = await readPage(db, filter, page.at(-1)!);
      }
    }
    return csvStream(LEAD_EXPORT_COLUMNS, rows());
  }
}

function readPage(db: Db, { source_page }: LeadExportFilter, after: Cursor | null): Promise<ExportRow[]> {
  let query = db
    .selectFrom('leads')
    .select(['email', 'source_page', 'created_at', 'waitlist_position', sql<string>`created_at::text`.as('cursor_at')]);
  if (source_page !== undefined) query = query.where(sql`coalesce(nullif(source_page, ''), ${NO_SOURCE_PAGE})`, '=', source_page);
  if (after) {
    query = query.where(sql<boolean>`(created_at, waitlist_position) < (${after.cursor_at}::timestamptz, ${after.waitlist_position})`);
  }
  return query.orderBy('created_at', 'desc').orderBy('waitlist_position', 'desc').limit(EXPORT_PAGE_SIZE).execute();
}
