import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { z } from 'zod';
import type { Config } from '../../shared/config/config.js';
import { DomainError, ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import { actedBy, type ActingUser } from '../../shared/http/acting-user.js';
import { CONFIG } from '../../shared/kernel.module.js';
import { addDays, utcDay } from '../metrics/date-range.js';
import { CsvFormatError, parseQueriesCsv } from './queries-csv.js';
import { fetchSearchQueryRows } from './search-console.client.js';
import { ROWS_PER_EVENT, SEARCH_QUERIES_STREAM, type SearchQueryRow, type SearchQueryStatsRecorded } from './search-query.events.js';

export class ServiceUnavailableError extends DomainError {
  override readonly status = 503;
}

export interface RecordedSearchQueries {
  recorded: number;
  startDate: string;
  endDate: string;
}

const day = z.iso.date({ error: 'Use the form YYYY-MM-DD.' });
const period = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape).refine((p) => !('startDate' in p) || !p.startDate || !p.endDate || p.startDate <= p.endDate, {
    path: ['endDate'],
    message: 'Must not be before startDate.',
  });

export const fetchSearchQueriesInput = period({ startDate: day.optional(), endDate: day.optional() });
export const importSearchQueriesInput = period({
  startDate: day,
  endDate: day,
  csv: z
    .string({ error: 'Paste or upload the Queries.csv export.' })
    .min(1, 'Paste or upload the Queries.csv export.')
    .max(1_000_000, 'At most 1 MB.'),
});

/** The spec's `fetch`: the last 7 days (yesterday and the 6 days before) from the Search Console API, recorded as events. */
export class FetchSearchQueries extends Command<RecordedSearchQueries> {
  constructor(
    readonly body: unknown,
    readonly actor: ActingUser,
  ) {
    super();
  }
}

/** Without API credentials: the admin uploads the "Queries" CSV export of a period. */
export class ImportSearchQueriesCsv extends Command<RecordedSearchQueries> {
  constructor(
    readonly body: unknown,
    readonly actor: ActingUser,
  ) {
    super();
  }
}

@CommandHandler(FetchSearchQueries)
export class FetchSearchQueriesHandler implements ICommandHandler<FetchSearchQueries> {
  private readonly logger = new Logger('search-console');

  constructor(
    private readonly events: EventStore,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async execute({ body, actor }: FetchSearchQueries): Promise<RecordedSearchQueries> {
    const input = fetchSearchQueriesInput.safeParse(body ?? {});
    if (!input.success) throw ValidationError.fromZod(input.error);
    const { SEARCH_CONSOLE_CREDENTIALS: credentials, SEARCH_CONSOLE_SITE_URL: siteUrl } = this.config;
    if (!credentials || !siteUrl) {
      throw new ServiceUnavailableError(
        'ANALYTICS.SEARCH_CONSOLE_NOT_CONFIGURED',
        'Search Console is not connected (SEARCH_CONSOLE_CREDENTIALS). Import a Queries CSV export instead.',
      );
    }
    const yesterday = addDays(utcDay(new Date()), -1);
    const endDate = input.data.endDate ?? yesterday;
    const startDate = input.data.startDate ?? addDays(endDate, -6);
    let rows: SearchQueryRow[];
    try {
      rows = await fetchSearchQueryRows(
        { credentials, siteUrl, apiUrl: this.config.SEARCH_CONSOLE_API_URL, tokenUrl: this.config.SEARCH_CONSOLE_TOKEN_URL },
        startDate,
        endDate,
      );
    } catch (error) {
      this.logger.error({ err: error }, 'Search Console fetch failed');
      throw new ServiceUnavailableError(
        'ANALYTICS.SEARCH_CONSOLE_UNAVAILABLE',
        'Search Console could not be reached. Please try again later.',
      );
    }
    await record(this.events, 'search-console', rows, actor);
    return { recorded: rows.length, startDate, endDate };
  }
}

@CommandHandler(ImportSearchQueriesCsv)
export class ImportSearchQueriesCsvHandler implements ICommandHandler<ImportSearchQueriesCsv> {
  constructor(private readonly events: EventStore) {}

  async execute({ body, actor }: ImportSearchQueriesCsv): Promise<RecordedSearchQueries> {
    const input = importSearchQueriesInput.safeParse(body);
    if (!input.success) throw ValidationError.fromZod(input.error);
    const { startDate, endDate, csv } = input.data;
    let parsed;
    try {
      parsed = parseQueriesCsv(csv);
    } catch (error) {
      if (error instanceof CsvFormatError) throw new ValidationError(`csv: ${error.message}`, { csv: error.message });
      throw error;
    }
    await record(
      this.events,
      'csv',
      parsed.map((row) => ({ startDate, endDate, ...row })),
      actor,
    );
    return { recorded: parsed.length, startDate, endDate };
  }
}

/** All rows in one INSERT, a thousand rows per event. */
async function record(
  events: EventStore,
  source: SearchQueryStatsRecorded['data']['source'],
  rows: SearchQueryRow[],
  actor: ActingUser,
): Promise<void> {
  const batch: SearchQueryStatsRecorded[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_EVENT) {
    batch.push({ type: 'SearchQueryStatsRecorded', data: { source, rows: rows.slice(i, i + ROWS_PER_EVENT) } });
  }
  await events.appendUnversioned(
    batch.map((event) => ({ streamId: SEARCH_QUERIES_STREAM, ...event })),
    actedBy(actor),
  );
}
