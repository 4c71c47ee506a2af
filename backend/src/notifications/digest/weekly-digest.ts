/**
 * The weekly digest: every Monday at 07:00 UTC (DIGEST_CRON, @nestjs/schedule) each process that runs
 * workers prepares the digest of the week that just ended and appends it as one WeeklyDigestPrepared event to
 * that week's own stream, expecting it new. Several workers fire together; one append wins and the others
 * get a ConcurrencyError, so the week has one event, and the e-mail reactor (outbox ids from the event)
 * one e-mail.
 */
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import { sql } from 'kysely';
import { GetDemand } from '../../analytics/demand/get-demand.query.js';
import { GetTopApps } from '../../catalogue/queries/get-top-apps.query.js';
import { ConcurrencyError } from '../../shared/event-store/concurrency.error.js';
import type { Kernel } from '../../shared/kernel.js';
import { KERNEL } from '../../shared/kernel.module.js';
import type { DemandReport } from '../../../../contracts/analytics/demand.js';
import type { AppSummary } from '../../../../contracts/catalogue/app.js';
import { digestStream, type WeeklyDigestPrepared } from './digest.events.js';

export const DIGEST_CRON = '0 7 * * 1';
export const DIGEST_JOB = 'weekly-digest';
const LISTED = 5;
const DAY_MS = 86_400_000;

const day = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The Monday-to-Sunday week (UTC) before the one `now` is in. */
export function lastWeek(now: Date): { from: string; to: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = today - ((now.getUTCDay() + 6) % 7) * DAY_MS;
  return { from: day(monday - 7 * DAY_MS), to: day(monday - DAY_MS) };
}

@Injectable()
export class WeeklyDigest implements OnApplicationBootstrap {
  constructor(
    @Inject(KERNEL) private readonly kernel: Kernel,
    private readonly queries: QueryBus,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.kernel.config.RUN_WORKERS) return;
    const job = CronJob.from({
      cronTime: DIGEST_CRON,
      timeZone: 'UTC',
      start: true,
      onTick: () =>
        void this.prepare(new Date()).catch((error: unknown) => this.kernel.logger.error({ err: error }, 'Weekly digest failed')),
    });
    this.scheduler.addCronJob(DIGEST_JOB, job as never);
  }

  /** Prepares last week's digest unless another process did; answers whether this one did. */
  async prepare(now: Date): Promise<boolean> {
    const { from, to } = lastWeek(now);
    const start = new Date(`${from}T00:00:00Z`);
    const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
    const [demand, apps, leads] = await Promise.all([
      this.queries.execute(new GetDemand({ from, to, timeZone: 'UTC', days: 7, start, end })) as Promise<DemandReport>,
      this.queries.execute(new GetTopApps(LISTED, 0)) as Promise<AppSummary[]>,
      sql<{ current: number; previous: number }>`
        select (count(*) filter (where created_at >= ${start}))::int as current,
               (count(*) filter (where created_at < ${start}))::int as previous
        from events where type = 'LeadJoined' and created_at >= ${new Date(start.getTime() - 7 * DAY_MS)} and created_at < ${end}`.execute(
        this.kernel.db,
      ),
    ]);
    const digest: WeeklyDigestPrepared = {
      type: 'WeeklyDigestPrepared',
      data: {
        from,
        to,
        newLeads: leads.rows[0]!.current,
        previousLeads: leads.rows[0]!.previous,
        needs: demand.needs
          .filter((need) => need.status === 'open' || need.status === 'planned')
          .slice(0, LISTED)
          .map((need) => ({ label: need.label, signals: need.searches + need.suggestions, previous: need.previous, change: need.change })),
        apps: apps.map((app) => ({ name: app.name, slug: app.slug, views: app.views })),
      },
    };
    try {
      await this.kernel.eventStore.append(digestStream(from), [digest], 0);
      return true;
    } catch (error) {
      if (error instanceof ConcurrencyError) return false;
      throw error;
    }
  }
}
