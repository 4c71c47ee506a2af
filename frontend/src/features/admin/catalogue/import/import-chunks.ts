/**
 * A large import goes to the server in several requests: the API takes at most 50 apps and 64 KB per
 * request (bulk add is all-or-nothing per request). Chunks keep the apps' order.
 */
export const MAX_APPS_PER_REQUEST = 50;
/** Below the server's 64 KB body limit, with room for the envelope and multi-byte characters. */
export const MAX_CHUNK_BYTES = 48 * 1024;

export function importChunks<T>(apps: readonly T[], maxApps = MAX_APPS_PER_REQUEST, maxBytes = MAX_CHUNK_BYTES): T[][] {
  const encoder = new TextEncoder();
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const app of apps) {
    const size = encoder.encode(JSON.stringify(app)).length + 1;
    if (current.length > 0 && (current.length >= maxApps || bytes + size > maxBytes)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(app);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/**
 * The server names a bad field by its place in the request ('apps.3.name'); the admin knows the app by
 * its name, so the message names the app (found by its place in the whole import).
 */
export function describeImportFailure(
  fields: Record<string, string> | undefined,
  message: string,
  chunk: readonly { name: string }[],
): string {
  const [field, fieldMessage] = Object.entries(fields ?? {})[0] ?? [];
  const match = field?.match(/^apps\.(\d+)\.(.+)$/);
  const app = match ? chunk[Number(match[1])] : undefined;
  if (!app || !match) return message;
  const name = app.name.length > 40 ? `${app.name.slice(0, 39).trimEnd()}…` : app.name;
  return `${name} (${match[2]}): ${fieldMessage}`;
}
