// Placeholder, replaced by the catalogue pages work.
export function CategoryRoute() {
  return null;
}
