import useSWR from 'swr';
import { apiSend, type ApiError } from '../../../../lib/api-client';
import { withQuery } from '../../../../lib/utils';
import type { MessageStatus, VisitorMessagePage } from '../types';

/**
 * Quick questions and developer inquiries share one shape and one pair of endpoints each:
 * GET /api/admin/{kind} (a page, newest first, with the total, unread and replied counts) and
 * PATCH /api/admin/{kind}/:id { status, admin_notes? }.
 */
export type MessageKind = 'quick-questions' | 'developer-inquiries';

export const messagesKey = (kind: MessageKind, page: number) => withQuery(`/admin/${kind}`, { page: page > 1 ? page : undefined });

/** Keys of every page of one kind in the cache: an update reloads them all (the counts change on each). */
export const isMessagesKey = (kind: MessageKind) => (key: unknown) =>
  typeof key === 'string' && new RegExp(`^/admin/${kind}(\\?|$)`).test(key);

/** Failed loads yield an empty list with no message (spec §8); the error is logged. */
export function useVisitorMessages(kind: MessageKind, page: number) {
  return useSWR<VisitorMessagePage, ApiError>(messagesKey(kind, page), {
    keepPreviousData: true,
    onError: (error) => console.error(`Failed to load ${kind}`, error),
  });
}

export function updateVisitorMessage(kind: MessageKind, id: string, update: { status: MessageStatus; admin_notes?: string }) {
  return apiSend<{ id: string; status: MessageStatus }>('PATCH', `/admin/${kind}/${encodeURIComponent(id)}`, update);
}
