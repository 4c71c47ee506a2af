import { useState } from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../../components/ui/card';
import { Pager } from '../../../../components/ui/pager';
import { cn } from '../../../../lib/utils';
import { suggestionsKey, useSuggestions } from '../api/get-suggestions';
import { updateSuggestionStatus } from '../api/update-suggestion-status';
import { formatDate, statusBadgeClass, suggestionReplyHref } from '../dashboard-rules';
import type { Suggestion, SuggestionPage, SuggestionStatus } from '../types';

const STATUSES: { value: SuggestionStatus; label: string }[] = [
  { value: 'new', label: 'New' },
  { value: 'triaged', label: 'Triaged' },
  { value: 'done', label: 'Done' },
];

/**
 * Suggestions as cards, a page at a time (the server pages them, newest first); a status button updates the
 * card at once, then the page reloads (spec §4).
 */
export function SuggestionsTab() {
  const { mutate } = useSWRConfig();
  const [page, setPage] = useState(1);
  const { data, isLoading, isValidating } = useSuggestions(page);
  const suggestions = data?.items;

  async function setStatus(suggestion: Suggestion, status: SuggestionStatus) {
    const withStatus = (current: SuggestionPage | undefined) =>
      current && { ...current, items: current.items.map((item) => (item.id === suggestion.id ? { ...item, status } : item)) };
    try {
      await mutate<SuggestionPage>(
        suggestionsKey(page),
        async (current) => {
          await updateSuggestionStatus(suggestion.id, status);
          return withStatus(current);
        },
        { optimisticData: (current) => withStatus(current) as SuggestionPage, rollbackOnError: true },
      );
    } catch (error) {
      console.error('Failed to update suggestion', error);
      toast.error('Failed to update suggestion status.');
    }
  }

  return (
    <Card>
      <CardHeader>
        <h2 className="leading-tight font-semibold">Tool Suggestions ({data?.total ?? 0})</h2>
      </CardHeader>
      <CardContent>
        {!suggestions ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : suggestions.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No suggestions yet. Encourage users to share their ideas!</p>
        ) : (
          <ul className="flex flex-col gap-4" aria-label="Suggestions">
            {suggestions.map((suggestion) => (
              <li key={suggestion.id} className="flex flex-col gap-3 rounded-lg border p-4" data-testid="suggestion">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium break-all">{suggestion.email}</span>
                  <Badge className={statusBadgeClass(suggestion.status)}>{suggestion.status}</Badge>
                  {suggestion.category && <Badge variant="outline">{suggestion.category}</Badge>}
                  <span className="text-sm text-muted-foreground">{formatDate(suggestion.created_at)}</span>
                </div>
                {suggestion.source_page && <p className="text-xs text-muted-foreground">From: {suggestion.source_page}</p>}
                <p className="text-sm whitespace-pre-wrap">{suggestion.suggestion_text}</p>
                <div className="flex flex-wrap items-center gap-2">
                  {STATUSES.map(({ value, label }) => (
                    <Button
                      key={value}
                      type="button"
                      size="sm"
                      variant={suggestion.status === value ? 'default' : 'outline'}
                      aria-pressed={suggestion.status === value}
                      onClick={() => void setStatus(suggestion, value)}
                    >
                      {label}
                    </Button>
                  ))}
                  <a href={suggestionReplyHref(suggestion)} className={cn('ml-auto text-sm font-medium text-primary hover:underline')}>
                    Reply via Email
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
        {data && data.total > 0 && <Pager page={data} label="Suggestions pages" busy={isLoading || isValidating} onPage={setPage} />}
      </CardContent>
    </Card>
  );
}
