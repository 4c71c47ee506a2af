/**
 * The referral leaderboard (spec §2: top 8): masked addresses and the friends each brought in, from the
 * server. A failure to load is logged only (spec §8) and reads like an empty board.
 */
import { useEffect } from 'react';
import { useLeaderboard } from '../api/get-leaderboard';

export function Leaderboard() {
  const { data, error } = useLeaderboard();
  useEffect(() => {
    if (error) console.error('Loading the leaderboard failed', error);
  }, [error]);

  if (!data && !error) {
    return (
      <div role="status" aria-label="Loading the leaderboard" className="flex animate-pulse flex-col gap-2">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="h-11 rounded-md bg-muted" />
        ))}
      </div>
    );
  }
  if (!data?.length) {
    return (
      <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
        No invites yet. Share your link and be the first on the board.
      </p>
    );
  }
  return (
    <ol aria-label="Top inviters" className="flex flex-col gap-2" data-testid="leaderboard">
      {data.map((entry, i) => (
        <li key={`${i}-${entry.masked_email}`} className="flex items-center gap-3 rounded-lg border bg-card px-4 py-2.5 text-sm">
          <span
            aria-hidden="true"
            className={
              i < 3
                ? 'flex size-7 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground'
                : 'flex size-7 items-center justify-center rounded-full bg-muted text-xs font-semibold text-muted-foreground'
            }
          >
            {i + 1}
          </span>
          <span className="sr-only">Rank {i + 1}:</span>
          <span className="min-w-0 flex-1 truncate font-medium">{entry.masked_email}</span>
          <span className="shrink-0 text-muted-foreground">
            {entry.invite_count} {entry.invite_count === 1 ? 'invite' : 'invites'}
          </span>
        </li>
      ))}
    </ol>
  );
}
