import { Badge } from '../../../components/ui/badge';
import { badgeLabel, isReadyToTry } from '../display-rules';
import type { AppSummary } from '../../../../../contracts/catalogue/app';
import { ExternalLinkIcon } from './icons';

/**
 * Home's 'Ready to Try Now': apps a visitor can open today. Renders nothing until some app qualifies, so the
 * page never shows an empty heading (nor one that pops in and out while loading).
 */
export function ReadyToTry({ apps, onOpen }: { apps: AppSummary[] | undefined; onOpen?: (app: AppSummary) => void }) {
  const ready = apps?.filter(isReadyToTry) ?? [];
  if (ready.length === 0) return null;

  return (
    <section aria-labelledby="ready-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12">
      <div className="mb-6 flex flex-col gap-1">
        <h2 id="ready-title" className="text-2xl font-semibold tracking-tight">
          Ready to Try Now
        </h2>
        <p className="text-muted-foreground">Open these today: prototypes, betas and live apps.</p>
      </div>
      {/* A swipeable row on phones keeps a long list from pushing the rest of the page down; a grid above. */}
      <ul className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3">
        {ready.map((app) => (
          <li key={app.id} className="w-[80%] max-w-xs shrink-0 snap-start sm:w-auto sm:max-w-none">
            <ReadyCard app={app} onOpen={onOpen && (() => onOpen(app))} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ReadyCard({ app, onOpen }: { app: AppSummary; onOpen?: () => void }) {
  const label = badgeLabel(app);
  return (
    <a
      data-testid="ready-app"
      href={app.app_url!}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onOpen}
      // relative: the sr-only text is absolutely positioned, and without a containing block inside the
      // scroller it escapes the scroller's clipping and widens the page on phones.
      className="group relative flex h-full flex-col gap-2 rounded-xl border bg-card p-4 shadow-sm transition-shadow outline-none hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex items-start justify-between gap-3">
        <span className="font-semibold leading-tight group-hover:text-primary">{app.name}</span>
        {label && (
          <Badge variant={app.development_status === 'launched' ? 'default' : 'secondary'} className="shrink-0">
            {label}
          </Badge>
        )}
      </span>
      <span className="line-clamp-2 text-sm text-muted-foreground">{app.description}</span>
      <span className="mt-auto inline-flex items-center gap-1 pt-1 text-sm font-medium text-primary">
        Open {app.name}
        <ExternalLinkIcon className="size-3.5" />
        <span className="sr-only">(opens in a new tab)</span>
      </span>
    </a>
  );
}
