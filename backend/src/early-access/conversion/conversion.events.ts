/**
 * Conversions for our own analytics (spec §7: lead 1, newsletter 0.5, suggestion 2, contact form 1.5 USD).
 * A command that succeeds appends `ConversionRecorded` in the same transaction as its own event, so a
 * conversion exists exactly when the lead, subscription or message does: a repeated join or subscription
 * writes neither. The stream is per source at version 0, so one source converts once. (The ads tag and the
 * hidden lead page are the browser's business: frontend/src/lib/conversion-tag.ts.)
 */
import type { Db, Trx } from '../../shared/db/tables.js';
import type { EventStore } from '../../shared/event-store/event-store.js';
import type { Event, ExpectedVersion, RecordedEvent } from '../../shared/event-store/events.js';

/** `contact_form` is the Contact page's quick question (the spec's "quick_question" conversion). */
export type ConversionKind = 'lead' | 'newsletter' | 'suggestion' | 'contact_form';

export const CONVERSION_VALUES_USD: Record<ConversionKind, number> = {
  lead: 1,
  newsletter: 0.5,
  suggestion: 2,
  contact_form: 1.5,
};

export type ConversionRecorded = Event<
  'ConversionRecorded',
  {
    kind: ConversionKind;
    value: number;
    currency: 'USD';
    /** What converted: the lead, suggestion or question id, or the newsletter stream's address key. */
    sourceId: string;
  }
>;

export const conversionStream = (kind: ConversionKind, sourceId: string) => `conversion-${kind}-${sourceId}`;

export function conversionRecorded(kind: ConversionKind, sourceId: string): ConversionRecorded {
  return { type: 'ConversionRecorded', data: { kind, value: CONVERSION_VALUES_USD[kind], currency: 'USD', sourceId } };
}

/** Appends the conversions inside the command's own transaction; returns what to publish after the commit. */
export function appendConversions(
  store: EventStore,
  trx: Trx,
  kind: ConversionKind,
  sourceIds: readonly string[],
): Promise<RecordedEvent[]> {
  return store.startStreamsInTransaction(
    trx,
    sourceIds.map((sourceId) => ({ streamId: conversionStream(kind, sourceId), events: [conversionRecorded(kind, sourceId)] })),
  );
}

/** A command's event and its conversion, appended together or not at all. */
export async function appendConverted(
  store: EventStore,
  db: Db,
  stream: { id: string; events: readonly Event[]; expectedVersion: ExpectedVersion },
  conversion: { kind: ConversionKind; sourceId: string },
): Promise<void> {
  const appended = await db
    .transaction()
    .execute(async (trx) => [
      ...(await store.appendInTransaction(trx, stream.id, stream.events, stream.expectedVersion)).events,
      ...(await appendConversions(store, trx, conversion.kind, [conversion.sourceId])),
    ]);
  store.published(appended);
}
