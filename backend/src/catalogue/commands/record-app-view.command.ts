import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Db } from '../../shared/db/tables.js';
import { NotFoundError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import { isBotTraffic } from '../../shared/http/bot-traffic.js';
import type { Kernel } from '../../shared/kernel.js';
import { DB, KERNEL } from '../../shared/kernel.module.js';
import { appViewsStream, type AppViewed } from '../app/app.events.js';

/**
 * Counts a session's view of an active app: appends AppViewed; the `app-views` projection does the counting,
 * once per app and session. A bot's view is answered like any other (nothing to learn from it) and not
 * appended, so neither the counts nor Most Popular move with crawlers and headless browsers.
 *
 * The session is the client's to choose, so a view also counts at most once per client address (an IPv6
 * client by its /64) and app in APP_VIEW_WINDOW_MS: a view repeated within it is answered alike and not
 * appended. Remembered by the app's HitCounter, as the rate limits are (Redis when configured, so every API
 * replica shares it; this process's memory otherwise, swept as windows end).
 */
export const APP_VIEW_WINDOW_MS = 30 * 60 * 1000;

export class RecordAppView extends Command<void> {
  constructor(
    readonly appId: string,
    readonly sessionId: string,
    readonly userAgent: string | undefined,
    /** The client's address (clientAddress). */
    readonly client: string,
  ) {
    super();
  }
}

@CommandHandler(RecordAppView)
export class RecordAppViewHandler implements ICommandHandler<RecordAppView> {
  constructor(
    private readonly events: EventStore,
    @Inject(DB) private readonly db: Db,
    @Inject(KERNEL) private readonly kernel: Kernel,
  ) {}

  async execute({ appId, sessionId, userAgent, client }: RecordAppView): Promise<void> {
    const app = await this.db.selectFrom('apps').select('id').where('id', '=', appId).where('is_active', '=', true).executeTakeFirst();
    if (!app) throw new NotFoundError('CATALOGUE.APP_NOT_FOUND', 'App Not Found');
    if (isBotTraffic(userAgent)) return;
    const { count } = await this.kernel.hits.hit(`app-view:${appId}:${client}`, APP_VIEW_WINDOW_MS);
    if (count > 1) return;
    const viewed: AppViewed = { type: 'AppViewed', data: { appId, sessionId } };
    await this.events.appendUnversioned([{ streamId: appViewsStream(appId), ...viewed }]);
  }
}
