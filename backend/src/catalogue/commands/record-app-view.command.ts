import { randomUUID } from 'node:crypto';
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
 * Counts a view of an active app: appends AppViewed with the view's id (the client's, or a fresh one); the
 * `app-views` projection counts each view once by that id, so a request retried with the same id adds one
 * view, not two. A bot's view is answered like any other (nothing to learn from it) and not appended, so
 * neither the counts nor Most Popular move with crawlers and headless browsers.
 *
 * Every view by a person counts (two views of one app in one visit are two), so what one client can add is
 * bounded instead: at most APP_VIEWS_PER_CLIENT_HOUR views of an app per client address (an IPv6 client by
 * its /64) in APP_VIEW_WINDOW_MS; the views past it are answered alike and not appended. Session and view
 * ids are the client's to make up, so they bound nothing. Remembered by the app's HitCounter, as the rate
 * limits are (Redis when configured, so every API replica shares it; this process's memory otherwise, swept
 * as windows end).
 */
export const APP_VIEWS_PER_CLIENT_HOUR = 10;
export const APP_VIEW_WINDOW_MS = 60 * 60 * 1000;

export class RecordAppView extends Command<void> {
  constructor(
    readonly appId: string,
    readonly sessionId: string,
    /** The view's own id, when the client sent one: the same id again counts once. */
    readonly viewId: string | undefined,
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

  async execute({ appId, sessionId, viewId, userAgent, client }: RecordAppView): Promise<void> {
    const app = await this.db.selectFrom('apps').select('id').where('id', '=', appId).where('is_active', '=', true).executeTakeFirst();
    if (!app) throw new NotFoundError('CATALOGUE.APP_NOT_FOUND', 'App Not Found');
    if (isBotTraffic(userAgent)) return;
    const { count } = await this.kernel.hits.hit(`app-view:${appId}:${client}`, APP_VIEW_WINDOW_MS);
    if (count > APP_VIEWS_PER_CLIENT_HOUR) return;
    const viewed: AppViewed = { type: 'AppViewed', data: { appId, sessionId, viewId: viewId ?? randomUUID() } };
    await this.events.appendUnversioned([{ streamId: appViewsStream(appId), ...viewed }]);
  }
}
