/**
 * Runs delivery in worker processes.
 * - With Redis: a relay moves pending outbox e-mails onto the BullMQ `emails` queue (job id = outbox id,
 *   so a repeated relay queues nothing twice); BullMQ retries with exponential backoff, and a job that
 *   still fails stays in the queue's failed set, its outbox row marked failed.
 * - Without Redis (embedded): the same loop claims due e-mails from the outbox itself and schedules the
 *   retries there, so sending still retries and nothing is lost across a restart.
 * `npm run emails:retry-failed` puts failed e-mails back to pending.
 * Redis may come back from an outage empty (no persistence, a failover): after every reconnect the relay
 * queues each pending e-mail again. Job ids make that harmless for the jobs that survived, and the sender
 * skips an e-mail that is no longer pending, so nothing is sent twice.
 */
import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../shared/db/tables.js';
import { retryDelay, type EmailSender } from './email-sender.js';

export const EMAILS_QUEUE = 'emails';
const RELAY_BATCH = 500;
/** A queued e-mail still pending after this long is queued again (its job was lost, e.g. Redis flushed). */
const REQUEUE_AFTER = '15 minutes';
/** How long an embedded sender holds an e-mail it is sending before another may take it. */
const CLAIM_FOR = '5 minutes';

export interface DispatcherOptions {
  maxAttempts: number;
  retryBaseMs: number;
  pollMs: number;
  redis?: { connection: ConnectionOptions; prefix: string };
}

export class EmailDispatcher {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private queue?: Queue;
  private worker?: Worker;
  /** Redis reconnections seen, and up to which one the pending e-mails were queued again. */
  private reconnects = 0;
  private requeuedFor = 0;

  constructor(
    private readonly db: Db,
    private readonly sender: EmailSender,
    private readonly options: DispatcherOptions,
    private readonly logger: Logger,
  ) {}

  start(): void {
    if (this.timer) return;
    const { redis } = this.options;
    if (redis) {
      this.queue = new Queue(EMAILS_QUEUE, { connection: redis.connection, prefix: redis.prefix });
      // Listening from the first 'ready' on, so every later one is a reconnection.
      const queue = this.queue;
      void queue.waitUntilReady().then(
        () => queue.backend.on('ready', () => this.reconnects++),
        () => {},
      );
      this.worker = new Worker(EMAILS_QUEUE, (job) => this.sender.deliver(job.id!), {
        connection: redis.connection,
        prefix: redis.prefix,
        concurrency: 5,
      });
      // Redis unreachable: BullMQ reconnects by itself; the outbox keeps every e-mail owed meanwhile.
      const onRedisError = (error: Error) => this.logger.warn({ err: error }, 'e-mail queue: redis error');
      this.queue.on('error', onRedisError);
      this.worker.on('error', onRedisError);
      this.worker.on('failed', (job, error) => {
        if (!job) return;
        const final = job.attemptsMade >= (job.opts.attempts ?? 1);
        this.logger.warn({ id: job.id, attempt: job.attemptsMade, final, err: error.message }, 'e-mail send failed');
        if (final) void this.sender.markFailed(job.id!).catch((e) => this.logger.error({ err: e }, 'mark failed'));
      });
    }
    this.timer = setInterval(() => this.tick(), this.options.pollMs);
    this.tick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    await this.worker?.close();
    await this.queue?.close();
  }

  /** One pass: relay to BullMQ, or send what is due. */
  tick(): Promise<void> {
    this.running ??= (this.queue ? this.relay() : this.sendDue())
      .catch((error) => this.logger.error({ err: error }, 'e-mail dispatch failed'))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async relay(): Promise<void> {
    const reconnects = this.reconnects;
    if (this.requeuedFor < reconnects) {
      await this.db
        .updateTable('email_outbox')
        .set({ queued_at: null })
        .where('status', '=', 'pending')
        .where('queued_at', 'is not', null)
        .execute();
      this.requeuedFor = reconnects;
    }
    const due = await this.db
      .selectFrom('email_outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('queued_at', 'is', null), eb('queued_at', '<', sql<Date>`now() - ${REQUEUE_AFTER}::interval`)]))
      .orderBy('created_at')
      .limit(RELAY_BATCH)
      .execute();
    if (due.length === 0) return;
    await this.queue!.addBulk(
      due.map(({ id }) => ({
        name: 'send',
        data: {},
        opts: {
          jobId: id,
          attempts: this.options.maxAttempts,
          backoff: { type: 'exponential', delay: this.options.retryBaseMs },
          removeOnComplete: true,
          removeOnFail: false,
        },
      })),
    );
    await this.db
      .updateTable('email_outbox')
      .set({ queued_at: sql`now()` })
      .where('id', 'in', due.map((row) => row.id))
      .execute();
  }

  private async sendDue(): Promise<void> {
    for (;;) {
      const claimed = await this.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ id: string; attempts: number }>`
          update email_outbox set next_attempt_at = now() + ${CLAIM_FOR}::interval
          where id in (
            select id from email_outbox where status = 'pending' and next_attempt_at <= now()
            order by next_attempt_at limit 10 for update skip locked)
          returning id, attempts`.execute(trx);
        return rows;
      });
      if (claimed.length === 0) return;
      for (const { id } of claimed) {
        try {
          await this.sender.deliver(id);
        } catch (error) {
          await this.scheduleRetry(id, error);
        }
      }
    }
  }

  private async scheduleRetry(id: string, error: unknown): Promise<void> {
    const row = await this.db.selectFrom('email_outbox').select('attempts').where('id', '=', id).executeTakeFirst();
    const attempts = row?.attempts ?? this.options.maxAttempts;
    const final = attempts >= this.options.maxAttempts;
    this.logger.warn({ id, attempt: attempts, final, err: (error as Error).message }, 'e-mail send failed');
    if (final) return this.sender.markFailed(id);
    const delay = retryDelay(this.options.retryBaseMs, attempts);
    await this.db
      .updateTable('email_outbox')
      .set({ next_attempt_at: sql`now() + ${`${delay} milliseconds`}::interval` })
      .where('id', '=', id)
      .execute();
  }
}

/** Puts every failed e-mail back to pending (and clears BullMQ's failed jobs so they can be queued again). */
export async function retryFailedEmails(db: Db, redis?: { connection: ConnectionOptions; prefix: string }): Promise<number> {
  if (redis) {
    const queue = new Queue(EMAILS_QUEUE, { connection: redis.connection, prefix: redis.prefix });
    try {
      await queue.clean(0, 100_000, 'failed');
    } finally {
      await queue.close();
    }
  }
  const result = await db
    .updateTable('email_outbox')
    .set({ status: 'pending', attempts: 0, queued_at: null, next_attempt_at: sql`now()`, last_error: null })
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
