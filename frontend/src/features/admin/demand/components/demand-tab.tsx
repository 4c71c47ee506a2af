/**
 * The Demand tab: what visitors wanted and did not find, for any range of UTC days. Unmet needs (similar
 * searches and suggestions grouped, docs/demand-signals.md) ranked with their counts, trend, categories and
 * wordings, each with the admin's decisions (status, merge, split); weak quiz matches; dead ends; a CSV export.
 * Decisions are projected asynchronously, so the report is re-read for a few seconds after each one.
 */
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../../components/ui/card';
import { Input } from '../../../../components/ui/input';
import { Label } from '../../../../components/ui/label';
import { NativeSelect } from '../../../../components/ui/select';
import { ApiError } from '../../../../lib/api-client';
import { DEMAND_STATUSES, type DemandNeed, type DemandReport, type DemandStatus } from '../../../../../../contracts/analytics/demand';
import { fetchDemandCsv, markNeed, mergeNeeds, splitWording, useActiveApps, useDemand, type DayRange } from '../api/demand';

const DEFAULT_DAYS = 30;
const PRESETS = [7, 30, 90, 365];
/** Decisions reach the report through an async projection: it is re-read for this long after one. */
const FOLLOW_UP_MS = 8_000;
const SHOWN_NEEDS = 100;

const utcDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const STATUS_LABELS: Record<DemandStatus, string> = { open: 'Open', planned: 'Planned', built: 'Built', ignored: 'Ignored' };
const STATUS_VARIANTS: Record<DemandStatus, 'default' | 'secondary' | 'outline'> = {
  open: 'outline',
  planned: 'secondary',
  built: 'default',
  ignored: 'outline',
};

export function DemandTab() {
  const [range, setRange] = useState<DayRange>(() => ({ from: utcDay(-(DEFAULT_DAYS - 1)), to: utcDay(0) }));
  const [decidedAt, setDecidedAt] = useState<number | null>(null);
  const valid = range.from !== '' && range.to !== '' && range.from <= range.to;
  const { data, error, isLoading } = useDemand(valid ? range : null, decidedAt !== null);

  useEffect(() => {
    if (decidedAt === null) return;
    const timer = setTimeout(() => setDecidedAt(null), FOLLOW_UP_MS);
    return () => clearTimeout(timer);
  }, [decidedAt]);

  async function decide(action: () => Promise<void>, done: string) {
    try {
      await action();
      toast.success(done);
      setDecidedAt(Date.now());
    } catch (failure) {
      console.error('Demand: the decision failed', failure);
      toast.error(failure instanceof ApiError ? failure.message : 'Could not save the change. Please try again.');
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <RangePicker range={range} onChange={setRange} valid={valid} />
      {error && !data ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load the demand signals. Please try again.
        </p>
      ) : !data ? (
        <p className="text-sm text-muted-foreground">{isLoading ? 'Loading demand signals...' : 'Choose a range of days.'}</p>
      ) : (
        <>
          <UnmetNeeds report={data} range={range} decide={decide} />
          <WeakQuizMatches report={data} />
          <DeadEnds report={data} />
        </>
      )}
    </div>
  );
}

function RangePicker({ range, onChange, valid }: { range: DayRange; onChange: (range: DayRange) => void; valid: boolean }) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={range.from}
          max={range.to}
          onChange={(e) => onChange({ ...range, from: e.target.value })}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input id={`${id}-to`} type="date" value={range.to} min={range.from} onChange={(e) => onChange({ ...range, to: e.target.value })} />
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Quick ranges">
        {PRESETS.map((days) => (
          <Button
            key={days}
            type="button"
            variant="outline"
            size="sm"
            onClick={() => onChange({ from: utcDay(-(days - 1)), to: utcDay(0) })}
          >
            Last {days} days
          </Button>
        ))}
      </div>
      {!valid && (
        <p role="alert" className="w-full text-sm text-destructive">
          The first day must not be after the last.
        </p>
      )}
    </div>
  );
}

type Decide = (action: () => Promise<void>, done: string) => Promise<void>;

function UnmetNeeds({ report, range, decide }: { report: DemandReport; range: DayRange; decide: Decide }) {
  const needs = report.needs.slice(0, SHOWN_NEEDS);
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      const blob = await fetchDemandCsv(range);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `unsheet-demand-${range.from}-to-${range.to}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      console.error('Demand: export failed', error);
      toast.error('Failed to export. Please try again.');
    } finally {
      setExporting(false);
    }
  }

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="leading-tight font-semibold">Unmet needs</h2>
          <CardDescription>
            Searches whose results nobody opened, and suggestions, grouped by similar wording. Trend against {report.previousFrom} to{' '}
            {report.previousTo}.
          </CardDescription>
        </div>
        <Button type="button" variant="outline" onClick={() => void exportCsv()} disabled={exporting || report.needs.length === 0}>
          {exporting ? 'Exporting...' : 'Export CSV'}
        </Button>
      </CardHeader>
      <CardContent>
        {needs.length === 0 ? (
          <Empty>No unmet needs in this range: every search found something, and nobody suggested a tool.</Empty>
        ) : (
          <ol className="flex flex-col gap-4" aria-label="Unmet needs">
            {needs.map((need, index) => (
              <NeedCard key={need.key} need={need} rank={index + 1} others={needs} decide={decide} />
            ))}
          </ol>
        )}
        {report.needs.length > SHOWN_NEEDS && (
          <p className="mt-4 text-sm text-muted-foreground">
            The first {SHOWN_NEEDS} of {report.needs.length}; the CSV holds them all.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function NeedCard({ need, rank, others, decide }: { need: DemandNeed; rank: number; others: DemandNeed[]; decide: Decide }) {
  const id = useId();
  const { data: apps } = useActiveApps();
  const [status, setStatus] = useState<DemandStatus>(need.status);
  const [appSlug, setAppSlug] = useState(need.appSlug ?? '');
  const [mergeWith, setMergeWith] = useState('');
  const candidates = useMemo(() => others.filter((other) => other.key !== need.key), [others, need.key]);
  const total = need.searches + need.suggestions;

  useEffect(() => {
    setStatus(need.status);
    setAppSlug(need.appSlug ?? '');
  }, [need.status, need.appSlug]);

  return (
    <li data-testid="demand-need" className="flex flex-col gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-base font-semibold">
          <span className="text-muted-foreground">{rank}.</span> {need.label}
        </h3>
        <Badge variant={STATUS_VARIANTS[need.status]} className={need.status === 'ignored' ? 'text-muted-foreground' : undefined}>
          {STATUS_LABELS[need.status]}
          {need.status === 'built' && need.appSlug ? `: ${need.appSlug}` : ''}
        </Badge>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
        <Figure
          term="Searches"
          value={`${need.searches}${need.zeroResultSearches > 0 ? ` (${need.zeroResultSearches} with no result)` : ''}`}
        />
        <Figure term="Suggestions" value={String(need.suggestions)} />
        <Figure term="Visitors" value={String(need.visitors)} />
        <Figure term="Trend" value={trend(need, total)} />
      </dl>
      {need.categories.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Categories">
          {need.categories.map((category) => (
            <li key={category.name}>
              <Badge variant="secondary">
                {category.name} ({category.count})
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <ul className="flex flex-col gap-1 text-sm" aria-label="Wordings">
        {need.samples.map((sample) => (
          <li key={sample.wording} className="flex flex-wrap items-center gap-2">
            <span>&ldquo;{sample.wording}&rdquo;</span>
            <span className="text-muted-foreground">×{sample.count}</span>
            {need.cores.length > 1 && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="h-7 px-2"
                onClick={() => void decide(() => splitWording(sample.core), `Split “${sample.wording}” off.`)}
              >
                Split off
              </Button>
            )}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-end gap-3 border-t pt-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <NativeSelect id={`${id}-status`} className="w-36" value={status} onChange={(e) => setStatus(e.target.value as DemandStatus)}>
            {DEMAND_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {status === 'built' && (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-app`}>App that serves it</Label>
            <NativeSelect id={`${id}-app`} className="w-52" value={appSlug} onChange={(e) => setAppSlug(e.target.value)}>
              <option value="">Choose an app</option>
              {(apps?.items ?? []).map((app) => (
                <option key={app.id} value={app.slug}>
                  {app.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <Button
          type="button"
          variant="outline"
          disabled={(status === need.status && appSlug === (need.appSlug ?? '')) || (status === 'built' && appSlug === '')}
          onClick={() =>
            void decide(
              () => markNeed({ cores: need.cores, label: need.label, status, appSlug: status === 'built' ? appSlug : null }),
              `“${need.label}” marked ${STATUS_LABELS[status].toLowerCase()}.`,
            )
          }
        >
          Save status
        </Button>
        {candidates.length > 0 && (
          <>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-merge`}>Merge with</Label>
              <NativeSelect id={`${id}-merge`} className="w-52" value={mergeWith} onChange={(e) => setMergeWith(e.target.value)}>
                <option value="">Choose a need</option>
                {candidates.map((other) => (
                  <option key={other.key} value={other.key}>
                    {other.label}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <Button
              type="button"
              variant="outline"
              disabled={mergeWith === ''}
              onClick={() => void decide(() => mergeNeeds(need.key, mergeWith), `Merged into “${need.label}”.`)}
            >
              Merge
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

function trend(need: DemandNeed, total: number): string {
  if (need.change === null) return need.previous === 0 ? `New (${total})` : '—';
  const sign = need.change > 0 ? '+' : '';
  return `${sign}${need.change}% (was ${need.previous})`;
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

function WeakQuizMatches({ report }: { report: DemandReport }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="leading-tight font-semibold">Weak quiz matches</h2>
        <CardDescription>
          Quiz answers for which the catalogue had no app of the visitor&rsquo;s area that fits what slows them down.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {report.weakQuizMatches.length === 0 ? (
          <Empty>No weak matches in this range.</Empty>
        ) : (
          <Table headers={['Answers', 'Times', 'Recommended instead']} label="Weak quiz matches">
            {report.weakQuizMatches.map((match) => (
              <tr key={match.answers.join('|')}>
                <td className="py-2 pr-4">{match.answers.join(' · ')}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{match.count}</td>
                <td className="py-2">{match.recommendedApps.join(', ') || '—'}</td>
              </tr>
            ))}
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function DeadEnds({ report }: { report: DemandReport }) {
  const { missingPages, thinCategories } = report.deadEnds;
  return (
    <Card>
      <CardHeader>
        <h2 className="leading-tight font-semibold">Dead ends</h2>
        <CardDescription>
          App and category addresses visitors asked for that do not exist, and categories with fewer than two tools that get visits.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="mb-2 text-sm font-semibold">Missing pages</h3>
          {missingPages.length === 0 ? (
            <Empty>None in this range.</Empty>
          ) : (
            <Table headers={['Path', 'Visits']} label="Missing pages">
              {missingPages.map((page) => (
                <tr key={page.path}>
                  <td className="py-2 pr-4 break-all">{page.path}</td>
                  <td className="py-2 text-right tabular-nums">{page.hits}</td>
                </tr>
              ))}
            </Table>
          )}
        </div>
        <div>
          <h3 className="mb-2 text-sm font-semibold">Thin categories</h3>
          {thinCategories.length === 0 ? (
            <Empty>None in this range.</Empty>
          ) : (
            <Table headers={['Category', 'Tools', 'Visitors']} label="Thin categories">
              {thinCategories.map((category) => (
                <tr key={category.slug}>
                  <td className="py-2 pr-4">{category.name}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{category.tools}</td>
                  <td className="py-2 text-right tabular-nums">{category.visits}</td>
                </tr>
              ))}
            </Table>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function Table({ headers, label, children }: { headers: string[]; label: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className="border-b text-muted-foreground">
          <tr>
            {headers.map((header, index) => (
              <th key={header} scope="col" className={`py-2 pr-4 font-medium ${index > 0 && index < headers.length ? 'text-right' : ''}`}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </div>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="py-4 text-sm text-muted-foreground">{children}</p>;
}
