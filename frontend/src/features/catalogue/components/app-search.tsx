import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useDebounce } from 'use-debounce';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { trackSearch } from '../../../lib/analytics/track';
import { randomId } from '../../../lib/analytics/session';
import { useOffersSuggestion } from '../../../lib/idea-button';
import { useModals } from '../../../lib/modals';
import { cn } from '../../../lib/utils';
import { useCategories } from '../api/get-categories';
import { useSearchApps } from '../api/search-apps';
import { useTopApps } from '../api/get-top-apps';
import { AppCard } from './app-card';
import { AppGrid } from './app-grid';
import { CategoryList } from './category-list';
import { EmptyState } from './empty-state';
import { SearchIcon } from './icons';

// Long enough to skip the keystrokes of a word being typed, short enough to feel live.
const DEBOUNCE_MS = 300;
/**
 * How long results must stay on screen before their query counts as one the visitor settled on (a demand
 * signal); opening a result or asking to suggest the tool settles it at once.
 */
export const SEARCH_SETTLED_MS = 1500;
/** Most popular apps offered when a search finds nothing. */
const POPULAR_ON_EMPTY = 3;

interface ShownSearch {
  searchId: string;
  query: string;
  results: number;
  recorded: boolean;
}

/** The home page's search box; results appear under it as the visitor types. */
export function AppSearch() {
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [debounced] = useDebounce(query.trim(), DEBOUNCE_MS);
  const { data: apps, error, isLoading } = useSearchApps(debounced);
  const openModal = useModals((state) => state.openModal);
  const shown = useRef<ShownSearch | null>(null);
  const count = apps?.length;

  const record = useCallback((opened: boolean) => {
    const search = shown.current;
    if (!search || (search.recorded && !opened)) return search;
    search.recorded = true;
    trackSearch({ searchId: search.searchId, query: search.query, results: search.results, opened });
    return search;
  }, []);

  // Each query's results get a search id when they are shown, and are recorded once they stay.
  useEffect(() => {
    if (!debounced || isLoading || count === undefined) return;
    shown.current = { searchId: randomId(), query: debounced, results: count, recorded: false };
    const timer = setTimeout(() => record(false), SEARCH_SETTLED_MS);
    return () => clearTimeout(timer);
  }, [debounced, isLoading, count, record]);

  function suggestThisTool() {
    const search = record(false);
    openModal('suggestion', search ? { text: search.query, searchId: search.searchId } : { text: debounced });
  }

  return (
    <div role="search" className="flex flex-col gap-6">
      <div className="relative mx-auto w-full max-w-xl">
        <label htmlFor={inputId} className="sr-only">
          Search apps
        </label>
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted-foreground" />
        <Input
          id={inputId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search apps, e.g. invoices"
          autoComplete="off"
          className="h-12 rounded-full bg-card pl-11 text-base shadow-sm md:text-base"
        />
      </div>

      {debounced && (
        <div data-testid="search-results" className="text-left">
          {error ? (
            <p role="alert" className="text-center text-muted-foreground">
              Search failed. Please try again.
            </p>
          ) : (
            <>
              <p role="status" className="mb-4 text-center text-sm text-muted-foreground">
                {isLoading ? 'Searching…' : resultSummary(apps?.length ?? 0, debounced)}
              </p>
              {apps && apps.length === 0 && !isLoading && <NoResults query={debounced} onSuggest={suggestThisTool} />}
              {apps && apps.length > 0 && (
                // While the next query loads, the previous results stay, dimmed, instead of flashing away.
                // A click on a result (its link) settles the search as one that found something wanted.
                <div className={cn('transition-opacity', isLoading && 'opacity-50')} onClickCapture={() => record(true)}>
                  <AppGrid>
                    {apps.map((app) => (
                      <li key={app.id}>
                        <AppCard app={app} />
                      </li>
                    ))}
                  </AppGrid>
                </div>
              )}
            </>
          )}
        </div>
      )}
    </div>
  );
}

/** A search that found nothing: suggest the tool (the query filled in), or browse categories and popular apps. */
function NoResults({ query, onSuggest }: { query: string; onSuggest: () => void }) {
  const categories = useCategories();
  const popular = useTopApps(POPULAR_ON_EMPTY);
  const suggest = useRef<HTMLButtonElement>(null);
  useOffersSuggestion(suggest);
  return (
    <div className="flex flex-col gap-8">
      <EmptyState
        title="No tool for that yet"
        action={
          <Button ref={suggest} type="button" onClick={onSuggest}>
            {"Can't find it? Suggest this tool"}
          </Button>
        }
      >
        Nothing in the catalogue matches &ldquo;{query}&rdquo; yet. Tell us what it should do, and we may build it next.
      </EmptyState>
      <div className="flex flex-col gap-3">
        <h3 className="text-base font-semibold">Browse the categories</h3>
        <CategoryList categories={categories.data} />
      </div>
      {popular.data && popular.data.length > 0 && (
        <div className="flex flex-col gap-3">
          <h3 className="text-base font-semibold">Most popular apps</h3>
          <AppGrid>
            {popular.data.map((app) => (
              <li key={app.id}>
                <AppCard app={app} />
              </li>
            ))}
          </AppGrid>
        </div>
      )}
    </div>
  );
}

function resultSummary(count: number, query: string): string {
  if (count === 0) return `No apps match "${query}"`;
  return count === 1 ? `1 app matches "${query}"` : `${count} apps match "${query}"`;
}
