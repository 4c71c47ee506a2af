import { useId, useState } from 'react';
import { useDebounce } from 'use-debounce';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';
import { useSearchApps } from '../api/search-apps';
import { AppCard } from './app-card';
import { AppGrid } from './app-grid';
import { SearchIcon } from './icons';

// Long enough to skip the keystrokes of a word being typed, short enough to feel live.
const DEBOUNCE_MS = 300;

/** The home page's search box; results appear under it as the visitor types. */
export function AppSearch() {
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [debounced] = useDebounce(query.trim(), DEBOUNCE_MS);
  const { data: apps, error, isLoading } = useSearchApps(debounced);

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
              {apps && apps.length > 0 && (
                // While the next query loads, the previous results stay, dimmed, instead of flashing away.
                <div className={cn('transition-opacity', isLoading && 'opacity-50')}>
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

function resultSummary(count: number, query: string): string {
  if (count === 0) return `No apps match "${query}"`;
  return count === 1 ? `1 app matches "${query}"` : `${count} apps match "${query}"`;
}
