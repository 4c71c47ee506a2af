import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Config } from '../../shared/config/config.js';
import { ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import { CONFIG } from '../../shared/kernel.module.js';
import { isBotTraffic } from '../../shared/http/bot-traffic.js';
import { appSecret } from '../../shared/security/signed-token.js';
import { BOT_TRAFFIC_STREAM, type AnalyticsBotTrafficDropped } from '../analytics.events.js';
import { collectBatchSchema } from '../../../../contracts/analytics/collect.js';
import { hashIp, parseUserAgent, toVisitEvent } from '../collect/enrich.js';
import { IngestBackpressure } from '../collect/ingest-backpressure.js';

export interface CollectResult {
  accepted: number;
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
 * Validates the whole batch, enriches it and appends it in one INSERT; a bot's batch is not stored, only
 * counted (one AnalyticsBotTrafficDropped). The projections run later, so the answer does not wait for them,
 * unless the visits projection has fallen far behind and this client has sent at least its even share of the
 * recent events (IngestBackpressure).
 */
@CommandHandler(CollectAnalytics)
export class CollectAnalyticsHandler implements ICommandHandler<CollectAnalytics> {
  private readonly secret: string;

  constructor(
    private readonly events: EventStore,
    private readonly backpressure: IngestBackpressure,
    @Inject(CONFIG) config: Config,
  ) {
    this.secret = appSecret(config);
  }

  async execute({ body, userAgent, ip }: CollectAnalytics): Promise<CollectResult> {
    const parsed = collectBatchSchema.safeParse(body);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const { events } = parsed.data;
    const receivedAt = new Date();
    if (isBotTraffic(userAgent)) {
      const dropped: AnalyticsBotTrafficDropped = {
        type: 'AnalyticsBotTrafficDropped',
        data: { at: receivedAt.toISOString(), events: events.length, bot: userAgent.slice(0, 200) },
      };
      await this.events.appendUnversioned([{ streamId: BOT_TRAFFIC_STREAM, ...dropped }]);
      return { accepted: 0, dropped: events.length };
    }
    const context = { userAgent: parseUserAgent(userAgent), ipHash: hashIp(this.secret, ip, receivedAt), receivedAt };
    await this.backpressure.admit(ip ?? 'unknown', events.length);
    await this.events.appendUnversioned(events.map((event) => toVisitEvent(event, context)));
    return { accepted: events.length, dropped: 0 };
  }
}
