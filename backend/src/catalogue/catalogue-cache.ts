/**
 * The public catalogue reads (lists, an app, a category, a search, the sitemap entries), kept in memory for
 * CATALOGUE_CACHE_MS (1 s by default): they are the product's hottest reads and change rarely, so most of
 * them cost a map lookup instead of a query (docs/performance.md has the figures).
 *
 * - A catalogue change committed by this process (an app added, edited, deactivated) empties the cache at
 *   once: an admin reads back what they saved.
 * - A change made through another API replica shows within CATALOGUE_CACHE_MS.
 * - An app's view count is one figure wherever it shows (its page and the page's server render, a search,
 *   the home and category lists): every read that shows views (`readCounted`) takes them from one snapshot of
 *   all active apps' views, read once per CATALOGUE_CACHE_MS, instead of from the moment its own entry was
 *   loaded. A count projected (asynchronously) in between shows everywhere at once, within
 *   CATALOGUE_CACHE_MS. A list's order is its own query's, so for that time a list may hold an app whose
 *   views have just passed the one above it.
 * - Concurrent misses of one key share one query. Failures (an unknown slug) are not kept.
 */
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db } from '../shared/db/tables.js';
import { KERNEL } from '../shared/kernel.module.js';
import type { Kernel } from '../shared/kernel.js';
import { APP_EVENT_TYPES } from './app/app.events.js';

/** Each active app's views (starting figure + counted), by id. */
type ViewCounts = ReadonlyMap<string, number>;

/** Distinct reads kept at most (searches make the long tail); the least recently used go first. */
const MAX_ENTRIES = 1000;

@Injectable()
export class CatalogueCache {
  /** Promises, kept from the moment the query starts: the readers of a key that is loading wait for it. */
  private readonly entries: LRUCache<string, Promise<object>> | undefined;
  /** The views every read shows, and when they were read (performance.now()). */
  private views: { at: number; counts: Promise<ViewCounts> } | undefined;
  private readonly db: Db;
  private readonly ttl: number;

  constructor(@Inject(KERNEL) kernel: Kernel) {
    this.db = kernel.db;
    this.ttl = kernel.config.CATALOGUE_CACHE_MS;
    if (this.ttl === 0) return;
    const entries = new LRUCache<string, Promise<object>>({ max: MAX_ENTRIES, ttl: this.ttl });
    this.entries = entries;
    const changes: readonly string[] = APP_EVENT_TYPES;
    // A query already running when the change commits still answers its own caller; nobody after it.
    kernel.onCommit((types) => {
      if (!types.some((type) => changes.includes(type))) return;
      entries.clear();
      this.views = undefined;
    });
  }

  /** The value kept for `key`, or what `load` gives (then kept). */
  read<T extends object>(key: string, load: () => Promise<T>): Promise<T> {
    const entries = this.entries;
    if (!entries) return load();
    const kept = entries.get(key);
    if (kept) return kept as Promise<T>;
    const loading = load();
    entries.set(key, loading);
    loading.catch(() => {
      if (entries.get(key) === loading) entries.delete(key);
    });
    return loading;
  }

  /**
   * As `read`, for a value that shows apps' views (an app, a list of them, a page or a category of them):
   * every app in it shows the views of the one snapshot all reads share. The entry keeps the value as shown,
   * so while the views are the same, readers get the very same object (the server render keeps its page).
   */
  readCounted<T extends object>(key: string, load: () => Promise<T>): Promise<T> {
    const entries = this.entries;
    if (!entries) return load();
    const kept = this.read(key, load);
    return Promise.all([kept, this.viewCounts()]).then(([value, counts]) => {
      const shown = withViews(value, counts);
      if (shown !== value && entries.get(key) === kept) entries.set(key, Promise.resolve(shown), { noUpdateTTL: true });
      return shown;
    });
  }

  /** The snapshot of views, read again once it is CATALOGUE_CACHE_MS old (one query for every reader). */
  private viewCounts(): Promise<ViewCounts> {
    const now = performance.now();
    if (!this.views || now - this.views.at >= this.ttl) {
      const counts = this.loadViewCounts();
      const views = { at: now, counts };
      this.views = views;
      counts.catch(() => {
        if (this.views === views) this.views = undefined;
      });
    }
    return this.views.counts;
  }

  private async loadViewCounts(): Promise<ViewCounts> {
    const rows = await this.db
      .selectFrom('apps')
      .leftJoin('app_views', 'app_views.app_id', 'apps.id')
      .select(['apps.id', sql<number>`apps.base_views + coalesce(app_views.views, 0)`.as('views')])
      .where('apps.is_active', '=', true)
      .execute();
    return new Map(rows.map((row) => [row.id, Number(row.views)]));
  }
}

/**
 * `value` with every app in it (an object with a string `id` and a number `views`) showing `counts`' views;
 * `value` itself, and each part of it, when nothing changes. Apps the snapshot does not know (added since by
 * another replica) keep their own figure.
 */
function withViews<T>(value: T, counts: ViewCounts): T {
  if (Array.isArray(value)) {
    let changed = false;
    const shown = value.map((item: unknown) => {
      const next = withViews(item, counts);
      changed ||= next !== item;
      return next;
    });
    return (changed ? shown : value) as T;
  }
  if (value === null || typeof value !== 'object' || value instanceof Date || value instanceof Set || value instanceof Map) return value;
  const record = value as Record<string, unknown>;
  if (typeof record.id === 'string' && typeof record.views === 'number') {
    const views = counts.get(record.id);
    return (views === undefined || views === record.views ? value : { ...record, views }) as T;
  }
  let changed = false;
  const shown: Record<string, unknown> = {};
  for (const [field, item] of Object.entries(record)) {
    const next = withViews(item, counts);
    changed ||= next !== item;
    shown[field] = next;
  }
  return (changed ? shown : value) as T;
}
