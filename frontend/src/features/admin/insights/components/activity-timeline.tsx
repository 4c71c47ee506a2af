import { Badge } from '../../../../components/ui/badge';
import type { InteractionAction } from '../../../../../../contracts/analytics/limits';
import type { LeadAppInteraction, LeadPageView, LeadSession } from '../api/get-lead-detail';
import { formatDateTime, formatDuration, pathOf } from '../format';

type Item =
  | { kind: 'session'; at: string; session: LeadSession }
  | { kind: 'page'; at: string; page: LeadPageView }
  | { kind: 'interaction'; at: string; interaction: LeadAppInteraction };

/** Every interaction the tracker sends, in words; an unknown one (an older tracker's) shows its code. */
const ACTION_LABELS: Record<InteractionAction, string> = {
  view: 'Viewed an app',
  cta_click: 'Clicked an app’s call to action',
  open_app: 'Opened an app',
  share: 'Shared',
  quiz_start: 'Started the quiz',
  quiz_complete: 'Completed the quiz',
};

const labelOf = (action: string) => (ACTION_LABELS as Record<string, string>)[action] ?? action;

/** The lead's own visits, newest first: each session's start, its page views and app interactions. */
export function ActivityTimeline({
  sessions,
  pageViews,
  appInteractions,
}: {
  sessions: LeadSession[];
  pageViews: LeadPageView[];
  appInteractions: LeadAppInteraction[];
}) {
  const items: Item[] = [
    ...sessions.map((session) => ({ kind: 'session' as const, at: session.start_time, session })),
    ...pageViews.map((page) => ({ kind: 'page' as const, at: page.timestamp, page })),
    ...appInteractions.map((interaction) => ({ kind: 'interaction' as const, at: interaction.timestamp, interaction })),
  ];
  // Newest first; at the same instant a session's start sorts below what happened in it.
  const rank = { session: 0, page: 1, interaction: 2 };
  items.sort((a, b) => b.at.localeCompare(a.at) || rank[b.kind] - rank[a.kind]);

  if (items.length === 0) {
    return <p className="text-sm text-muted-foreground">No activity recorded for this lead.</p>;
  }
  return (
    <ol className="space-y-3" aria-label="Activity Timeline">
      {items.map((item, i) => (
        <li key={i} className="flex gap-3 border-l-2 pl-3" data-kind={item.kind}>
          <div className="min-w-0 flex-1">
            <TimelineItem item={item} />
            <p className="text-xs text-muted-foreground">{formatDateTime(item.at)}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

function TimelineItem({ item }: { item: Item }) {
  switch (item.kind) {
    case 'session': {
      const s = item.session;
      const from = s.parsed_referrer ?? (s.traffic_type === 'direct' || !s.traffic_type ? 'direct' : s.traffic_type);
      const device = [s.browser, s.os, s.device_type].filter(Boolean).join(' · ');
      return (
        <>
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            Session started <Badge variant="outline">{from}</Badge>
            {s.utm_campaign && <Badge variant="secondary">{s.utm_campaign}</Badge>}
          </p>
          <p className="text-sm break-words text-muted-foreground">
            {s.pages_viewed} {s.pages_viewed === 1 ? 'page' : 'pages'}
            {`, ${formatDuration(s.duration)}`}
            {device && ` · ${device}`}
          </p>
        </>
      );
    }
    case 'page':
      return (
        <>
          <p className="text-sm font-medium break-words">Viewed {item.page.page_title || pathOf(item.page.page_url)}</p>
          <p className="text-sm break-all text-muted-foreground">
            {pathOf(item.page.page_url)}
            {item.page.time_on_page !== null && ` · ${formatDuration(item.page.time_on_page)} on page`}
          </p>
        </>
      );
    case 'interaction': {
      const { action_type, app_name, metadata } = item.interaction;
      const app = app_name ?? (typeof metadata.slug === 'string' ? metadata.slug : null);
      return (
        <p className="text-sm font-medium break-words">
          {labelOf(action_type)}
          {app && <span className="font-normal text-muted-foreground"> · {app}</span>}
        </p>
      );
    }
  }
}
