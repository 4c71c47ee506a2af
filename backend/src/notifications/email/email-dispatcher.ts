/**
 * Runs delivery in worker processes, in batches (EmailSender claims each e-mail it sends, so two senders never
 * send one twice).
 * - With Redis: a relay moves pending outbox e-mails onto the BullMQ `emails` queue, up to EMAILS_PER_BATCH to a
 *   job; BullMQ retries a job whose e-mails failed with exponential backoff (the e-mails already sent are not
 *   pending any more, so a retry sends only the rest), and a job that still fails stays in the queue's failed
 *   set, its e-mails marked failed. A job whose every failure was a refusal for good (a 5xx: the sender has
 *   failed those e-mails already) fails at once, to the failed set, without retries.
 * - Without Redis (embedded): the same loop claims due e-mails from the outbox itself and schedules the
 *   retries there, so sending still retries and nothing is lost across a restart; a refusal for good is not
 *   retried there either.
 * `npm run emails:retry-failed` puts failed e-mails back to pending.
 * Redis may come back from an outage empty (no persistence, a failover): after every reconnect the relay
 * queues each pending e-mail again. On a Redis Cluster, a primary's failover to its replica may lose its last
 * writes (replication is asynchronous) while the connection stays up: a node that leaves the connection's
 * pool counts as a reconnect. A job that survived as well finds those e-mails sent or claimed and sends
 * nothing.
 */
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { Cluster } from 'ioredis';
import { sql, type RawBuilder } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../shared/db/tables.js';
import type { QueueRedis } from '../../shared/redis/redis-connection.js';
import { describeFailure, EMAILS_PER_BATCH, retryDelay, type EmailSender } from './email-sender.js';

export const EMAILS_QUEUE = 'emails';
const RELAY_BATCH = 500;
/**
 * A queued e-mail still pending after this long is queued again: its job was lost (Redis flushed), or the
 * worker that claimed it died while sending (its claim ends after 5 minutes). Looked for once a minute.
 */
const REQUEUE_AFTER = '15 minutes';
const STALE_CHECK_MS = 60_000;

interface EmailJob {
  ids: string[];
}

export interface DispatcherOptions {
  maxAttempts: number;
  retryBaseMs: number;
  pollMs: number;
  redis?: QueueRedis;
  /** Awaited before each batch is sent: in a process that serves HTTP too, until no request is in flight. */
  beforeBatch?: () => Promise<void>;
}

export class EmailDispatcher {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private queue?: Queue;
  private worker?: Worker;
  /** Redis reconnections seen, and up to which one the pending e-mails were queued again. */
  private reconnects = 0;
  private requeuedFor = 0;
  private staleCheckedAt = 0;

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
      const { connection } = redis;
      void queue.waitUntilReady().then(
        () => {
          queue.backend.on('ready', () => this.reconnects++);
          if (connection instanceof Cluster) connection.on('-node', () => this.reconnects++);
        },
        () => {},
      );
      this.worker = new Worker<EmailJob>(EMAILS_QUEUE, (job) => this.sendJob(job.data.ids), {
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
        // Refused for good: the sender has failed those e-mails already, and nothing else is left to mark.
        const refused = error.name === 'UnrecoverableError';
        const final = refused || job.attemptsMade >= (job.opts.attempts ?? 1);
        this.logger.warn({ job: job.id, attempt: job.attemptsMade, final, err: error.message }, 'e-mail send failed');
        if (final && !refused) void this.sender.markFailed(job.data.ids).catch((e) => this.logger.error({ err: e }, 'mark failed'));
      });
    }
    // tick() logs its own failures.
    this.timer = setInterval(() => void this.tick(), this.options.pollMs);
    void this.tick();
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
      await this.requeue(sql`queued_at is not null`);
      this.requeuedFor = reconnects;
    }
    if (Date.now() - this.staleCheckedAt > STALE_CHECK_MS) {
      await this.requeue(sql`queued_at < now() - ${REQUEUE_AFTER}::interval`);
      this.staleCheckedAt = Date.now();
    }
    // Marked queued before the jobs exist, so that no job finds its e-mails still locked by this statement,
    // and two workers' relays never take the same e-mails.
    const { rows } = await sql<{ id: string }>`
      update email_outbox set queued_at = now()
      where id in (
        select id from email_outbox where status = 'pending' and queued_at is null
        order by created_at limit ${RELAY_BATCH} for update skip locked)
      returning id`.execute(this.db);
    if (rows.length === 0) return;
    const ids = rows.map((row) => row.id);
    const batches: string[][] = [];
    for (let i = 0; i < ids.length; i += EMAILS_PER_BATCH) batches.push(ids.slice(i, i + EMAILS_PER_BATCH));
    try {
      await this.queue!.addBulk(
        batches.map((batch) => ({
          name: 'send',
          data: { ids: batch } satisfies EmailJob,
          opts: {
            attempts: this.options.maxAttempts,
            backoff: { type: 'exponential', delay: this.options.retryBaseMs },
            removeOnComplete: true,
            removeOnFail: false,
          },
        })),
      );
    } catch (error) {
      await this.db.updateTable('email_outbox').set({ queued_at: null }).where('id', 'in', ids).execute();
      throw error;
    }
  }

  /** Pending e-mails that match go back to the relay, to be queued again. */
  private async requeue(which: RawBuilder<boolean>): Promise<void> {
    await sql`update email_outbox set queued_at = null where status = 'pending' and ${which}`.execute(this.db);
  }

  /**
   * A job's batch. Failed e-mails are due again at once, and the job fails so that BullMQ retries it later;
   * when every failure was a refusal for good, it fails without retries (a retry would find nothing to send).
   */
  private async sendJob(ids: readonly string[]): Promise<void> {
    await this.options.beforeBatch?.();
    const { failures } = await this.sender.deliver({ ids }, () => 0);
    if (failures.length === 0) return;
    const retried = failures.filter((failure) => !failure.permanent);
    // BullMQ keeps this error (failedReason, stacktrace) in Redis: it names the outbox ids' count and the
    // masked SMTP reply, never a recipient or the message.
    const reason = `${failures.length} of ${ids.length} e-mails not sent: ${describeFailure((retried[0] ?? failures[0]!).error)}`;
    throw retried.length > 0 ? new Error(reason) : new UnrecoverableError(reason);
  }

  private async sendDue(): Promise<void> {
    const { maxAttempts, retryBaseMs } = this.options;
    for (;;) {
      await this.options.beforeBatch?.();
      const { claimed, failures } = await this.sender.deliver({ due: EMAILS_PER_BATCH }, (attempts) => retryDelay(retryBaseMs, attempts));
      for (const { id, attempts, error, permanent } of failures) {
        const final = permanent || attempts >= maxAttempts;
        this.logger.warn({ id, attempt: attempts, final, err: describeFailure(error) }, 'e-mail send failed');
        // A refusal for good is failed by the sender already.
        if (final && !permanent) await this.sender.markFailed([id]);
      }
      if (claimed < EMAILS_PER_BATCH) return;
    }
  }
}

/** Puts every failed e-mail back to pending (and clears BullMQ's failed jobs so they can be queued again). */
export async function retryFailedEmails(db: Db, redis?: QueueRedis): Promise<number> {
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
