/**
 * The lead detail page (admin spec §2): the lead's e-mail and join date, four tiles of session metrics,
 * Source and Referral Code badges, its Standing (confirmation, flags, the referral it joined through, which
 * can be voided), the Activity Timeline, Quiz Results (only if any), Referral Performance
 * (only if the lead has a referral record) and the admin Changes to the lead (audit trail).
 */
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import { paths } from '../../../../lib/paths';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../../components/ui/card';
import { LeadStandingCard } from '../../standing/components/lead-standing-card';
import { useLeadDetail, type LeadDetail as LeadDetailData, type LeadQuizResult } from '../api/get-lead-detail';
import { formatDate, formatDateTime, formatDuration, formatEuros, questionLabel } from '../format';
import { TimeZoneNote } from '../../time-zone/time-zone-note';
import { ActivityTimeline } from './activity-timeline';
import { LeadChanges, leadChangesKey } from './lead-changes';

/** How long the not-found view stays before going back to the leads (the toast says why). */
export const NOT_FOUND_REDIRECT_MS = 3000;

export function LeadDetail({ leadId }: { leadId: string }) {
  const navigate = useNavigate();
  const { data, error, mutate } = useLeadDetail(leadId);
  const { mutate: revalidate } = useSWRConfig();
  // A malformed id (400) names no lead either.
  const notFound = error?.status === 404 || error?.status === 400;

  useEffect(() => {
    if (!error) return;
    if (!notFound) {
      toast.error('Failed to load lead interactions.');
      return;
    }
    toast.error('Lead not found', { description: 'The requested lead could not be found.' });
    const timer = setTimeout(() => void navigate(paths.adminTab('leads'), { replace: true }), NOT_FOUND_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [error, notFound, navigate]);

  if (notFound) {
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <h1 className="text-2xl font-semibold">Lead not found</h1>
        <BackToLeads />
      </div>
    );
  }
  if (error && !data) {
    return (
      <div className="space-y-4">
        <BackToLeads />
        <p role="alert" className="text-destructive">
          Failed to load lead interactions.
        </p>
      </div>
    );
  }
  if (!data)
    return (
      <p role="status" className="text-muted-foreground">
        Loading lead details...
      </p>
    );
  return <LeadDetailView data={data} onChanged={() => Promise.all([mutate(), revalidate(leadChangesKey(leadId))])} />;
}

function BackToLeads() {
  return (
    <Button asChild variant="outline">
      <Link to={paths.adminTab('leads')}>← Back to Leads</Link>
    </Button>
  );
}

function LeadDetailView({ data, onChanged }: { data: LeadDetailData; onChanged: () => unknown }) {
  const { lead, sessionMetrics: metrics, referralData } = data;
  return (
    <div className="space-y-6">
      <BackToLeads />
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold break-all">{lead.email}</h1>
        <Badge variant="secondary">Joined {formatDate(lead.joinedAt)}</Badge>
        <TimeZoneNote className="w-full" />
      </header>

      <section aria-label="Session metrics" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile label="Total Sessions" value={String(metrics.totalSessions)} />
        <Tile label="Pages Visited" value={String(metrics.uniquePagesVisited)} />
        <Tile label="Total Time" value={formatDuration(metrics.totalTimeSpent)} />
        <Tile label="Avg Session" value={formatDuration(metrics.avgTimePerSession)} />
      </section>

      <div className="flex flex-wrap gap-2">
        <Badge variant="outline">Source: {lead.sourcePage ?? 'Unknown'}</Badge>
        {referralData && (
          <Badge variant="outline">
            Referral Code: {referralData.code} ({referralData.conversions} {referralData.conversions === 1 ? 'conversion' : 'conversions'})
          </Badge>
        )}
      </div>

      <LeadStandingCard lead={lead} onChanged={onChanged} />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Section title="Activity Timeline">
            <ActivityTimeline sessions={data.sessions} pageViews={data.pageViews} appInteractions={data.appInteractions} />
          </Section>
          {data.quizResults.length > 0 && (
            <Section title="Quiz Results">
              <QuizResults results={data.quizResults} />
            </Section>
          )}
        </div>
        <div className="space-y-6">
          {referralData && (
            <Section title="Referral Performance">
              <dl className="grid grid-cols-3 gap-2 text-center lg:grid-cols-1 lg:text-left">
                <Figure label="Total Clicks" value={String(referralData.clicks)} />
                <Figure label="Conversions" value={String(referralData.conversions)} />
                <Figure label="Revenue Earned" value={formatEuros(referralData.revenue_earned)} />
              </dl>
            </Section>
          )}
          <Section title="Changes">
            <LeadChanges leadId={lead.id} />
          </Section>
        </div>
      </div>
    </div>
  );
}

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <Card className="gap-1 py-4" data-tile={label}>
      <CardContent>
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-semibold tabular-nums">{value}</p>
      </CardContent>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div data-figure={label}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="leading-tight font-semibold">{title}</h2>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function QuizResults({ results }: { results: LeadQuizResult[] }) {
  return (
    <ul className="divide-y">
      {results.map((result) => (
        <li key={result.id} className="py-3 text-sm">
          <p className="font-medium">
            Recommended: {result.recommended_app ?? 'No recommendation'}{' '}
            <span className="font-normal text-muted-foreground">· {formatDateTime(result.created_at)}</span>
          </p>
          {Array.isArray(result.answers) && (
            <ul className="mt-1 space-y-0.5 text-muted-foreground">
              {(result.answers as { question?: unknown; answer?: unknown }[]).map((a, i) => (
                <li key={i} className="break-words">
                  {questionLabel(String(a.question ?? ''))} <span className="text-foreground">{String(a.answer ?? '')}</span>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
