/**
 * bull-board (the BullMQ queues: projection wake-ups and e-mails) at /admin/queues, admin only, when Redis is
 * configured. A browser navigation carries no bearer token, so the console first calls
 * POST /api/admin/queues/session (bearer-authenticated, admin only), which sets a short-lived HttpOnly,
 * SameSite=Strict cookie signed with APP_SECRET and scoped to this path; the middleware here checks it and
 * the account's role on every request, so a revoked admin loses access at once. The queues are opened at
 * the first authorised request.
 */
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { Queue } from 'bullmq';
import { parse as parseCookies } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../shared/config/config.js';
import { IsAdmin } from '../identity/queries/is-admin.query.js';
import { CONFIG } from '../shared/kernel.module.js';
import { PROJECTIONS_QUEUE } from '../shared/queue/projection-wakeup.js';
import { closeQueueRedis, queueRedis, type QueueRedis } from '../shared/redis/redis-connection.js';
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
  private readonly connections: QueueRedis[] = [];
  private addQueue?: (queue: BullMQAdapter) => void;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly queries: QueryBus,
  ) {}

  get enabled(): boolean {
    return this.config.REDIS_URL !== undefined;
  }

  /** The cookie value that opens the dashboard for `userId` for a while. */
  sessionToken(userId: string): string {
    return signToken(appSecret(this.config), TOKEN_PURPOSE, userId, QUEUE_SESSION_TTL_SECONDS);
  }

  /** bull-board under QUEUE_DASHBOARD_PATH, behind a hook: 401 without a valid cookie, 403 for a non-admin. */
  async mount(fastify: FastifyInstance): Promise<void> {
    const serverAdapter = new FastifyAdapter();
    serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
    this.addQueue = createBullBoard({ queues: [], serverAdapter }).addQueue;
    await fastify.register(
      async (scope) => {
        scope.addHook('onRequest', (request, reply) => this.authorised(request, reply));
        scope.addHook('onSend', async (_request, reply, payload) => withoutRemoteFonts(reply, payload));
        await scope.register(serverAdapter.registerPlugin());
      },
      { prefix: QUEUE_DASHBOARD_PATH },
    );
  }

  private async authorised(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const status = await this.authorise(request);
    if (status !== 200) {
      await reply
        .status(status)
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(status === 401 ? 'Open the queue dashboard from the admin console (Settings).' : 'Only an administrator can do this.');
      return;
    }
    this.openQueues();
  }

  private async authorise(request: FastifyRequest): Promise<200 | 401 | 403> {
    const cookie = parseCookies(request.headers.cookie ?? '')[QUEUE_DASHBOARD_COOKIE];
    const userId = cookie ? verifyToken(appSecret(this.config), TOKEN_PURPOSE, cookie) : null;
    if (!userId) return 401;
    return (await this.queries.execute(new IsAdmin(userId))) ? 200 : 403;
  }

  private openQueues(): void {
    if (this.queues.length > 0) return;
    for (const name of [PROJECTIONS_QUEUE, EMAILS_QUEUE]) {
      const redis = queueRedis(this.config.REDIS_URL!, this.config.REDIS_PREFIX, name);
      const queue = new Queue(name, redis);
      this.connections.push(redis);
      this.queues.push(queue);
      this.addQueue!(new BullMQAdapter(queue));
    }
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close()));
    for (const redis of this.connections) closeQueueRedis(redis);
  }
}

/**
 * bull-board's page asks Google Fonts for its typefaces, which the CSP refuses (and which would tell Google
 * who opens the console): the link is taken out, and the page falls back to the system's sans-serif.
 */
const REMOTE_FONTS = /<link[^>]*href="https:\/\/fonts\.(googleapis|gstatic)\.com[^>]*>\s*/g;

function withoutRemoteFonts(reply: FastifyReply, payload: unknown): unknown {
  const type = String(reply.getHeader('content-type') ?? '');
  return typeof payload === 'string' && type.startsWith('text/html') ? payload.replace(REMOTE_FONTS, '') : payload;
}
