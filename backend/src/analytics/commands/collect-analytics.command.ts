import { Inject } from '@nestjs/common';
import { Command, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { GetCatalogueAppIds } from '../../catalogue/queries/get-catalogue-app-ids.query.js';
import type { Config } from '../../shared/config/config.js';
import { ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import type { Kernel } from '../../shared/kernel.js';
import { CONFIG, KERNEL } from '../../shared/kernel.module.js';
import { DataCentres } from '../../shared/http/data-centres.js';
import { appSecret } from '../../shared/security/signed-token.js';
import { collectBatchSchema, type TrackerEvent } from '../../../../contracts/analytics/collect.js';
import {
  MAX_SEARCHES_PER_BATCH,
  MAX_SESSIONS_PER_BATCH,
  SEARCHES_PER_CLIENT_HOUR,
  STORED_BATCH_CHARACTERS,
} from '../../../../contracts/analytics/limits.js';
import { hashIp, parseUserAgent, toVisitEvent } from '../collect/enrich.js';
import { IngestBackpressure } from '../collect/ingest-backpressure.js';

export interface CollectResult {
  /** Events recorded (an interaction with an app the catalogue does not have is not). */
  accepted: number;
  /** Always 0: a bot's batch is kept like a person's, and the visits projection leaves it out of the figures. */
  dropped: number;
}

/** A tracker batch with what the server knows about the request (never stored as such). */
export class CollectAnalytics extends Command<CollectResult> {
  constructor(
    readonly body: unknown,
    readonly userAgent: string | undefined,
    readonly ip: string | undefined,
  ) {
    super();
  }
}

/**
 * Validates the whole batch, enriches it and appends it in one INSERT, whoever sent it: a bot's batch is kept
 * within the same bounds as a person's, with what its traffic class is decided from on the session start (the
 * user agent, the tracker's automation flag, the referrer, and the name of the data-centre network the address
 * is in, the address itself never stored); the visits projection classifies each session with the current
 * rules and leaves all but people out of the figures (docs/analytics.md). The projections run later, so the answer does not wait for them,
 * unless the visits projection has fallen far behind and this client has sent at least its even share of the
 * recent events (IngestBackpressure). An interaction naming an app the catalogue does not have is left out:
 * every (15-minute bucket, app) is a row of the app rollups, so a client must not be able to make them up by
 * the thousand. So are the events of sessions past the batch's first MAX_SESSIONS_PER_BATCH, searches past
 * MAX_SEARCHES_PER_BATCH and events past STORED_BATCH_CHARACTERS of data, and every text is cut to its stored
 * length (enrich.ts): what one batch may keep is bounded (docs/security.md). Searches past the client's
 * SEARCHES_PER_CLIENT_HOUR are left out too, so that fresh session ids do not multiply one client's signals.
 */
@CommandHandler(CollectAnalytics)
export class CollectAnalyticsHandler implements ICommandHandler<CollectAnalytics> {
  private readonly secret: string;
  private readonly dataCentres: DataCentres;

  constructor(
    private readonly events: EventStore,
    private readonly backpressure: IngestBackpressure,
    private readonly queries: QueryBus,
    @Inject(KERNEL) private readonly kernel: Kernel,
    @Inject(CONFIG) config: Config,
  ) {
    this.secret = appSecret(config);
    this.dataCentres = new DataCentres(config.ANALYTICS_DATA_CENTRE_RANGES);
  }

  async execute({ body, userAgent, ip }: CollectAnalytics): Promise<CollectResult> {
    const parsed = collectBatchSchema.safeParse(body);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const { events } = parsed.data;
    const receivedAt = new Date();
    const context = {
      userAgent: parseUserAgent(userAgent),
      ipHash: hashIp(this.secret, ip, receivedAt),
      network: this.dataCentres.networkOf(ip),
      receivedAt,
    };
    const enriched = withinBudget((await this.catalogueAppsOnly(fewSessions(events))).map((event) => toVisitEvent(event, context)));
    const kept = await this.searchesWithinAllowance(ip ?? 'unknown', enriched);
    if (kept.length === 0) return { accepted: 0, dropped: 0 };
    await this.backpressure.admit(ip ?? 'unknown', kept.length);
    await this.events.appendUnversioned(kept);
    return { accepted: kept.length, dropped: 0 };
  }

  /** The batch without the searches past the client's SEARCHES_PER_CLIENT_HOUR (one hit of its counter each). */
  private async searchesWithinAllowance<T extends { type: string }>(client: string, events: T[]): Promise<T[]> {
    const searches = events.filter((event) => event.type === 'AnalyticsSearchPerformed');
    if (searches.length === 0) return events;
    const hits = await Promise.all(searches.map(() => this.kernel.hits.hit(`analytics-searches:${client}`, HOUR_MS)));
    const refused = new Set(searches.filter((_, i) => hits[i]!.count > SEARCHES_PER_CLIENT_HOUR));
    return refused.size === 0 ? events : events.filter((event) => !refused.has(event));
  }

  /** The batch without its interactions with apps that are not in the catalogue (one cached read, when any names an app). */
  private async catalogueAppsOnly(events: TrackerEvent[]): Promise<TrackerEvent[]> {
    if (!events.some((event) => event.type === 'interaction' && event.appId !== null)) return events;
    const apps = await this.queries.execute(new GetCatalogueAppIds());
    return events.filter((event) => event.type !== 'interaction' || event.appId === null || apps.has(event.appId));
  }
}

const HOUR_MS = 60 * 60 * 1000;

/** The batch's events of its first MAX_SESSIONS_PER_BATCH sessions (a real tracker's batch has one or two). */
function fewSessions(events: TrackerEvent[]): TrackerEvent[] {
  const sessions = new Set<string>();
  return events.filter((event) => {
    if (sessions.has(event.sessionId)) return true;
    if (sessions.size >= MAX_SESSIONS_PER_BATCH) return false;
    sessions.add(event.sessionId);
    return true;
  });
}

/**
 * The enriched events that fit the batch's allowance: at most MAX_SEARCHES_PER_BATCH searches, and
 * STORED_BATCH_CHARACTERS of event data in all (a real batch of 20 events is well under it); an event that does
 * not fit is left out, a later smaller one may still fit.
 */
function withinBudget<T extends { type: string; data: unknown }>(events: T[]): T[] {
  let characters = 0;
  let searches = 0;
  return events.filter((event) => {
    if (event.type === 'AnalyticsSearchPerformed' && ++searches > MAX_SEARCHES_PER_BATCH) return false;
    const size = JSON.stringify(event.data).length;
    if (characters + size > STORED_BATCH_CHARACTERS) return false;
    characters += size;
    return true;
  });
}
