import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Badge } from '../../../components/ui/badge';
import { badgeLabel, isReadyToTry } from '../display-rules';
import type { AppSummary } from '../../../../../contracts/catalogue/app';
import { ExternalLinkIcon } from './icons';

/**
 * Home's 'Ready to Try Now': apps a visitor can open today, as a compact strip of links (each opens the app in
 * a new tab); the full cards are the All Applications grid's. Renders nothing until some app qualifies, so
 * the page never shows an empty heading (nor one that pops in and out while loading).
 */
export function ReadyToTry({ apps, onOpen }: { apps: AppSummary[] | undefined; onOpen?: (app: AppSummary) => void }) {
  const ready = apps?.filter(isReadyToTry) ?? [];
  if (ready.length === 0) return null;

  return (
    <section aria-labelledby="ready-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-5">
      <h2 id="ready-title" className="mb-2 text-xl font-semibold tracking-tight">
        Ready to Try Now
      </h2>
      <StripList>
        {ready.map((app) => (
          <li key={app.id} className="shrink-0 snap-start">
            <a
              data-testid="ready-app"
              href={app.app_url!}
              target="_blank"
              rel="noopener noreferrer"
              onClick={onOpen && (() => onOpen(app))}
              // relative: the sr-only text is absolutely positioned, and without a containing block inside the
              // scroller it escapes the scroller's clipping and widens the page on phones.
              className="relative flex h-full items-center gap-2 rounded-full border bg-card px-3 py-1.5 text-sm font-medium shadow-sm outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="max-w-48 truncate">{app.name}</span>
              {badgeLabel(app) && (
                <Badge variant={app.development_status === 'launched' ? 'default' : 'secondary'} className="shrink-0">
                  {badgeLabel(app)}
                </Badge>
              )}
              <ExternalLinkIcon className="size-3.5 shrink-0 text-muted-foreground" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
        ))}
      </StripList>
    </section>
  );
}

/** Which ends of a strip have more to scroll to. */
type MoreToScroll = 'start' | 'end' | 'both' | undefined;

/**
 * One swipeable row on phones, wrapping rows from the small breakpoint up: a strip never pushes the page down.
 * While there is more to scroll to, that edge fades out, over more than the gap between two links, so that a
 * link is always seen running out of the screen: a row of links that happened to end at the screen's edge
 * gave no sign that it scrolls.
 */
export function StripList({ children, ordered = false }: { children: ReactNode; ordered?: boolean }) {
  const List = ordered ? 'ol' : 'ul';
  const ref = useRef<HTMLOListElement & HTMLUListElement>(null);
  const more = useMoreToScroll(ref);
  return (
    <List
      ref={ref}
      data-more={more}
      className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-2 overflow-x-auto px-4 pb-2 data-[more=both]:[mask-image:linear-gradient(to_right,transparent,black_3rem,black_calc(100%-3rem),transparent)] data-[more=end]:[mask-image:linear-gradient(to_right,black_calc(100%-3rem),transparent)] data-[more=start]:[mask-image:linear-gradient(to_right,transparent,black_3rem)] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0"
    >
      {children}
    </List>
  );
}

function useMoreToScroll(ref: RefObject<HTMLElement | null>): MoreToScroll {
  const [more, setMore] = useState<MoreToScroll>(undefined);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const before = element.scrollLeft > 1;
      const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setMore(before && after ? 'both' : before ? 'start' : after ? 'end' : undefined);
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      resized.disconnect();
    };
  }, [ref]);
  return more;
}
