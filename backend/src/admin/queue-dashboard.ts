/**
 * bull-board (the BullMQ queues: projection wake-ups and e-mails) at /admin/queues, admin only, when Redis is
 * configured. A browser navigation carries no bearer token, so the console first calls
 * POST /api/admin/queues/session (bearer-authenticated, admin only), which sets a short-lived HttpOnly,
 * SameSite=Strict cookie signed with APP_SECRET and scoped to this path; the middleware here checks it and
 * the account's role on every request, so a revoked admin loses access at once.
 */
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Queue } from 'bullmq';
import { parse as parseCookies } from 'cookie';
import type { NextFunction, Request, Response, Router } from 'express';
import type { Config } from '../shared/config/config.js';
import type { Db } from '../shared/db/tables.js';
import { CONFIG, DB } from '../shared/kernel.module.js';
import { PROJECTIONS_QUEUE } from '../shared/queue/projection-wakeup.js';
import { appSecret, signToken, verifyToken } from '../shared/security/signed-token.js';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';
export const QUEUE_DASHBOARD_COOKIE = 'unsheet_queues';
const TOKEN_PURPOSE = 'queue-dashboard';
/** Long enough to look around; the console sets a fresh cookie at each click on the link. */
export const QUEUE_SESSION_TTL_SECONDS = 15 * 60;
/** The e-mail queue's name (notifications module); read here only to show it. */
const EMAILS_QUEUE = 'emails';

@Injectable()
export class QueueDashboard implements OnModuleDestroy {
  private readonly queues: Queue[] = [];
  private router?: Router;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(DB) private readonly db: Db,
  ) {}

  get enabled(): boolean {
    return this.config.REDIS_URL !== undefined;
  }

  /** The cookie value that opens the dashboard for `userId` for a while. */
  sessionToken(userId: string): string {
    return signToken(appSecret(this.config), TOKEN_PURPOSE, userId, QUEUE_SESSION_TTL_SECONDS);
  }

  /** Express middleware for QUEUE_DASHBOARD_PATH: 401 without a valid cookie, 403 for a non-admin, else bull-board. */
  readonly handle = (request: Request, response: Response, next: NextFunction): void => {
    this.authorise(request).then(
      (status) => {
        if (status !== 200) {
          response.status(status).type('text').setHeader('Cache-Control', 'no-store');
          response.send(status === 401 ? 'Open the queue dashboard from the admin console (Settings).' : 'Only an administrator can do this.');
          return;
        }
        this.board()(request, response, next);
      },
      (error: unknown) => next(error),
    );
  };

  private async authorise(request: Request): Promise<200 | 401 | 403> {
    const cookie = parseCookies(request.headers.cookie ?? '')[QUEUE_DASHBOARD_COOKIE];
    const userId = cookie ? verifyToken(appSecret(this.config), TOKEN_PURPOSE, cookie) : null;
    if (!userId) return 401;
    const profile = await this.db.selectFrom('profiles').select('role').where('user_id', '=', userId).executeTakeFirst();
    return profile?.role === 'admin' ? 200 : 403;
  }

  private board(): Router {
    if (!this.router) {
      const connection = { url: this.config.REDIS_URL!, maxRetriesPerRequest: null };
      for (const name of [PROJECTIONS_QUEUE, EMAILS_QUEUE]) {
        this.queues.push(new Queue(name, { connection, prefix: this.config.REDIS_PREFIX }));
      }
      const serverAdapter = new ExpressAdapter();
      serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
      createBullBoard({ queues: this.queues.map((queue) => new BullMQAdapter(queue)), serverAdapter });
      this.router = serverAdapter.getRouter() as Router;
    }
    return this.router;
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close()));
  }
}
