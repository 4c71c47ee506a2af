/**
 * A visitor asked for a page that does not exist: broken inbound or in-app links show up in the log. Anyone
 * can ask for any path, so recording is rationed: at most NOT_FOUND_RECORDS_PER_CLIENT a minute per client
 * address and NOT_FOUND_RECORDS_PER_MINUTE from everyone together (both times RATE_LIMIT_FACTOR), each path
 * normalised and cut to MAX_RECORDED_PATH characters. The visitor still gets the 404 page either way; a
 * crawler probing thousands of paths adds a handful of events a minute, not one each.
 */
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { EventStore, type UnversionedEvent } from '../shared/event-store/event-store.js';
import type { Kernel } from '../shared/kernel.js';
import { KERNEL } from '../shared/kernel.module.js';
import { pathOf } from '../shared/http/api-path.js';
import { MINUTE } from '../shared/http/public-write-limits.js';
import { isBotTraffic } from '../shared/http/bot-traffic.js';
import { NOT_FOUND_STREAM, type PageNotFound } from './not-found.events.js';

export { NOT_FOUND_STREAM, type PageNotFound };

const MAX_RECORDED_PATH = 300;
export const NOT_FOUND_RECORDS_PER_CLIENT = 5;
export const NOT_FOUND_RECORDS_PER_MINUTE = 120;

export const reportNotFoundInput = z.strictObject({
  path: z
    .string({ error: 'path must be text.' })
    .max(2048, 'path must be at most 2048 characters long.')
    .regex(/^\/[^\p{Cc}]*$/u, 'path must start with / and contain no control characters.'),
});

/** The path as recorded: no query string, no repeated or trailing slashes, at most MAX_RECORDED_PATH characters. */
export function recordedPath(path: string): string {
  const normalised = pathOf(path)
    .replace(/\/{2,}/g, '/')
    .replace(/(.)\/$/, '$1');
  return normalised.slice(0, MAX_RECORDED_PATH);
}

export function pageNotFound(path: string, via: PageNotFound['data']['via'], userAgent?: string): UnversionedEvent & PageNotFound {
  return { streamId: NOT_FOUND_STREAM, type: 'PageNotFound', data: { path: recordedPath(path), via, bot: isBotTraffic(userAgent) } };
}

@Injectable()
export class NotFoundRecorder {
  constructor(
    private readonly events: EventStore,
    @Inject(KERNEL) private readonly kernel: Kernel,
  ) {}

  /** Records the missing path unless this client, or everyone together, has used this minute's allowance. */
  async record(path: string, via: PageNotFound['data']['via'], client: string, userAgent?: string): Promise<void> {
    const factor = this.kernel.config.RATE_LIMIT_FACTOR;
    const mine = await this.kernel.hits.hit(`not-found:${client}`, MINUTE);
    if (mine.count > NOT_FOUND_RECORDS_PER_CLIENT * factor) return;
    // Counted only within a client's allowance, so that one client cannot use up everyone's.
    const all = await this.kernel.hits.hit('not-found', MINUTE);
    if (all.count > NOT_FOUND_RECORDS_PER_MINUTE * factor) return;
    await this.events.appendUnversioned([pageNotFound(path, via, userAgent)]);
  }
}
