/**
 * The one rule of which sessions the console's figures count: those the visits projection classified as a
 * person's (user_sessions.traffic_class, decided from the session's stored inputs with the current rules,
 * shared/http/traffic-class.ts). Sessions of every other class are kept and counted apart, as excluded traffic
 * (docs/analytics.md). Every read of the visits rows, every rollup and the demand signals filter on this.
 */
import { sql, type RawBuilder } from 'kysely';

export const COUNTED_CLASS = 'person';

/** Whether a user_sessions row counts: `alias` is the table's alias in the query (none: the table itself). */
export function countedSession(alias?: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(alias ? `${alias}.traffic_class` : 'traffic_class')} = ${sql.lit(COUNTED_CLASS)}`;
}

/**
 * Whether the session a row names by its `session_id` counts (page views, interactions, searches…; `table` is
 * the row's table or alias in the query): true unless its session is classified as excluded traffic, so a row
 * whose session's start has not been projected yet counts.
 */
export function ofCountedSession(table: string): RawBuilder<boolean> {
  return sql<boolean>`not exists (
    select 1 from user_sessions excluded_session
    where excluded_session.session_id = ${sql.ref(`${table}.session_id`)} and not (${countedSession('excluded_session')}))`;
}
