import useSWR from 'swr';
import { apiSend, type ApiError } from '../../../../lib/api-client';
import type { MessageStatus, VisitorMessage } from '../types';

/**
 * Quick questions and developer inquiries share one shape and one pair of endpoints each:
 * GET /api/admin/{kind} (newest first) and PATCH /api/admin/{kind}/:id { status, admin_notes? }.
 */
export type MessageKind = 'quick-questions' | 'developer-inquiries';

export const messagesKey = (kind: MessageKind) => `/admin/${kind}`;

/** Failed loads yield an empty list with no message (spec §8); the error is logged. */
export function useVisitorMessages(kind: MessageKind) {
  return useSWR<VisitorMessage[], ApiError>(messagesKey(kind), {
    onError: (error) => console.error(`Failed to load ${kind}`, error),
  });
}

export function updateVisitorMessage(kind: MessageKind, id: string, update: { status: MessageStatus; admin_notes?: string }) {
  return apiSend<{ id: string; status: MessageStatus }>('PATCH', `/admin/${kind}/${encodeURIComponent(id)}`, update);
}
