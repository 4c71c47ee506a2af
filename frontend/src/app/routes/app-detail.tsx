// Placeholder, replaced by the catalogue pages work.
export function AppDetailRoute() {
  return null;
}
