/**
 * The public catalogue reads (lists, an app, a category, a search, the sitemap entries), kept in memory for
 * CATALOGUE_CACHE_MS (1 s by default): they are the product's hottest reads and change rarely, so most of
 * them cost a map lookup instead of a query (docs/performance.md has the figures).
 *
 * - A catalogue change committed by this process (an app added, edited, deactivated) empties the cache at
 *   once: an admin reads back what they saved.
 * - A change made through another API replica, and the view counts (projected asynchronously anyway), show
 *   within CATALOGUE_CACHE_MS.
 * - Concurrent misses of one key share one query. Failures (an unknown slug) are not kept.
 */
import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { KERNEL } from '../shared/kernel.module.js';
import type { Kernel } from '../shared/kernel.js';
import { APP_EVENT_TYPES } from './app/app.events.js';

/** Distinct reads kept at most (searches make the long tail); the least recently used go first. */
const MAX_ENTRIES = 1000;

@Injectable()
export class CatalogueCache {
  /** Promises, kept from the moment the query starts: the readers of a key that is loading wait for it. */
  private readonly entries: LRUCache<string, Promise<object>> | undefined;

  constructor(@Inject(KERNEL) kernel: Kernel) {
    const ttl = kernel.config.CATALOGUE_CACHE_MS;
    if (ttl === 0) return;
    const entries = new LRUCache<string, Promise<object>>({ max: MAX_ENTRIES, ttl });
    this.entries = entries;
    const changes: readonly string[] = APP_EVENT_TYPES;
    // A query already running when the change commits still answers its own caller; nobody after it.
    kernel.onCommit((types) => {
      if (types.some((type) => changes.includes(type))) entries.clear();
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
}
