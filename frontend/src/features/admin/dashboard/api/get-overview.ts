import { useEffect, useMemo, useState } from 'react';
import useSWR, { preload, useSWRConfig } from 'swr';
import type { AdminOverview } from '../../../../../../contracts/admin/overview';
import { apiGet, type ApiError } from '../../../../lib/api-client';
import { withQuery } from '../../../../lib/utils';
import { CATALOGUE_FIGURES_KEY } from '../../catalogue/api/get-admin-apps';
import { analyticsWindow, dailySeriesKey, searchQueriesKey, type DayRange } from '../../insights/api/analytics';
import { currentTimeZone, useTimeZone } from '../../time-zone/time-zone';
import { ADMIN_SETTINGS_KEY } from './get-admin-settings';
import { engagementKey } from './get-engagement';
import { growthKey } from './get-growth';
import { FIRST_LEADS, leadsKey } from './get-leads';
import { suggestionsKey } from './get-suggestions';
import { topAppsKey } from './get-top-apps';
import { messagesKey } from './visitor-messages';

/**
 * GET /api/admin/overview: the dashboard's first screen in one read. Its parts are the answers of the reads
 * the screen's hooks make (each hook keeps its own key, for paging, a new period or range, and reloading
 * after a change), so they are written into the SWR cache under those keys: the screen renders from one
 * request, and every later read is the hook's own.
 */
export const overviewKey = ({ from, to, timeZone }: DayRange) => withQuery('/admin/overview', { from, to, tz: timeZone });

/**
 * Starts the read before the dashboard's code has loaded (the route calls it once the session is known): the
 * dashboard's hook takes the answer over, instead of asking only once its chunk has run.
 */
export function preloadOverview(): void {
  void preload(overviewKey(analyticsWindow(currentTimeZone())), (path: string) => apiGet<AdminOverview>(path));
}

/** The overview's parts under the keys of the hooks that read them alone. */
export function overviewParts(overview: AdminOverview, window: DayRange): [key: string, answer: unknown][] {
  return [
    [CATALOGUE_FIGURES_KEY, overview.catalogue],
    [engagementKey('today', window.timeZone), overview.engagement],
    [growthKey(window.timeZone), overview.growth],
    [leadsKey(FIRST_LEADS), overview.leads],
    [suggestionsKey(1), overview.suggestions],
    [messagesKey('quick-questions', 1), overview.quickQuestions],
    [messagesKey('developer-inquiries', 1), overview.developerInquiries],
    [topAppsKey(0), overview.topApps],
    [ADMIN_SETTINGS_KEY, overview.settings],
    [dailySeriesKey(window), overview.daily],
    [searchQueriesKey(window), overview.searchQueries],
  ];
}

/**
 * Reads the overview and writes its parts into the cache; `ready` once they are there (or once it failed: the
 * hooks then read their parts alone). `answered` holds the keys the overview answered that no hook has
 * mounted with yet, for the `answeredOnce` middleware: those hooks render the part without asking again.
 */
export function useOverview(): { ready: boolean; answered: Set<string> } {
  const timeZone = useTimeZone();
  const window = useMemo(() => analyticsWindow(timeZone), [timeZone]);
  const { mutate } = useSWRConfig();
  const { data, error, isValidating } = useSWR<AdminOverview, ApiError>(overviewKey(window));
  const [answered] = useState(() => new Set<string>());
  const [ready, setReady] = useState(false);
  const settled = !isValidating && (data !== undefined || error !== undefined);

  useEffect(() => {
    if (!settled) return;
    if (data) {
      for (const [key, answer] of overviewParts(data, window)) {
        answered.add(key);
        void mutate(key, answer, { revalidate: false });
      }
    }
    setReady(true);
  }, [settled, data, window, answered, mutate]);

  return { ready, answered };
}
