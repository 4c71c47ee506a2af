import { Inject } from '@nestjs/common';
import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { Db } from '../../shared/db/tables.js';
import { NotFoundError } from '../../shared/errors/domain-error.js';
import { DB } from '../../shared/kernel.module.js';
import { ListQuizResultsOf } from '../../early-access/quiz/quiz-results.query.js';
import { GetAppLabels } from '../../catalogue/queries/get-app-labels.query.js';
import { GetReferralOf } from '../../early-access/referral/get-referral-of.query.js';
import { countedSession } from '../metrics/counted.js';
import { average } from '../metrics/formulas.js';
import { sessionDuration, sessionTiming } from '../metrics/session-duration.js';
import type { LeadActivity, LeadTimeline } from '../../../../contracts/analytics/dashboard.js';

/**
 * A lead's timeline (spec §3 "Lead interactions"): the session the lead joined from and every session of
 * the same visitor (first-party visitor id), with their page views and app interactions, oldest first.
 */
export class GetLeadActivity extends Query<LeadActivity> {
  constructor(readonly leadId: string) {
    super();
  }
}

@QueryHandler(GetLeadActivity)
export class GetLeadActivityHandler implements IQueryHandler<GetLeadActivity> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly queries: QueryBus,
  ) {}

  async execute({ leadId }: GetLeadActivity): Promise<LeadActivity> {
    const lead = await this.db.selectFrom('lead_sessions').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
    if (!lead) throw new NotFoundError('ANALYTICS.LEAD_NOT_FOUND', 'Lead not found');
    return {
      lead: { id: lead.lead_id, email: lead.email, joinedAt: lead.joined_at.toISOString(), sessionId: lead.session_id },
      ...(await leadTimeline(this.db, this.queries, lead.email, lead.session_id)),
    };
  }
}

/**
 * The timeline of the lead with this e-mail who joined in session `sessionId` (null: none known): that
 * session and every session of the same visitor, their page views and interactions, the lead's quiz
 * results, its referral code's figures, and the session metrics. Sessions that do not count (bots and other
 * excluded traffic, metrics/counted.ts) are left out, as from every figure.
 */
export async function leadTimeline(db: Db, queries: QueryBus, email: string, sessionId: string | null): Promise<LeadTimeline> {
  const { rows: sessions } = await sql<Omit<LeadActivity['sessions'][number], 'duration'>>`
    select session_id, start_time, end_time, time_on_site, pages_viewed, landing_url, referrer, parsed_referrer,
           traffic_type, utm_source, utm_medium, utm_campaign, browser, os, device_type
    from user_sessions
    where (session_id = ${sessionId} or visitor_id = (select visitor_id from user_sessions where session_id = ${sessionId}))
      and ${countedSession()}
    order by start_time, session_id`.execute(db);
  const ids = sessions.map((s) => s.session_id);
  const [pageViews, appInteractions] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .selectFrom('page_views')
            .select(['session_id', 'page_url', 'page_title', 'time_on_page', 'referrer', 'timestamp', 'created_at', 'page_path'])
            .where('session_id', 'in', ids)
            .orderBy('timestamp')
            .orderBy('page_view_id')
            .execute(),
          db
            .selectFrom('app_interactions')
            .select(['session_id', 'action_type', 'app_id', 'metadata', 'timestamp', 'created_at'])
            .where('session_id', 'in', ids)
            .orderBy('timestamp')
            .orderBy('id')
            .execute(),
        ]);
  const durations = sessions.map((s) =>
    sessionDuration(
      sessionTiming(
        s,
        pageViews.filter((p) => p.session_id === s.session_id),
        appInteractions.filter((i) => i.session_id === s.session_id),
      ),
    ),
  );
  const totalTimeSpent = durations.reduce((sum, seconds) => sum + seconds, 0);
  const [quizResults, referralData, apps] = await Promise.all([
    queries.execute(new ListQuizResultsOf(email)),
    queries.execute(new GetReferralOf(email)),
    queries.execute(new GetAppLabels([...new Set(appInteractions.flatMap((i) => (i.app_id ? [i.app_id] : [])))])),
  ]);
  return {
    sessions: sessions.map((s, i) => ({ ...s, duration: durations[i]!, ...iso(s, 'start_time', 'end_time') })),
    pageViews: pageViews.map(({ page_path: _, ...p }) => ({ ...p, ...iso(p, 'timestamp', 'created_at') })),
    appInteractions: appInteractions.map((i) => ({
      ...i,
      app_name: (i.app_id && apps.get(i.app_id)?.name) ?? null,
      ...iso(i, 'timestamp', 'created_at'),
    })),
    quizResults: quizResults.map((q) => ({ ...q, created_at: q.created_at.toISOString() })),
    referralData,
    sessionMetrics: {
      totalSessions: sessions.length,
      uniquePagesVisited: new Set(pageViews.map((p) => p.page_path)).size,
      totalTimeSpent,
      avgTimePerSession: average(totalTimeSpent, sessions.length),
    },
  };
}

/** The named date columns as ISO strings (null stays null). */
function iso<K extends string>(row: Record<K, unknown>, ...keys: K[]): Record<K, string> {
  return Object.fromEntries(
    keys.map((key) => [key, row[key] instanceof Date ? (row[key] as Date).toISOString() : (row[key] as string)]),
  ) as Record<K, string>;
}
