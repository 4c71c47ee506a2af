/**
 * The spec's time formatting (§9): under 60 s as seconds ('45s'); under an hour as minutes and seconds
 * ('2m 5s'); otherwise hours and minutes ('1h 3m'). Pure and dependency-free, to be shared with the SPA.
 */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
  return `${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m`;
}
