/** Events are plain data: a discriminated union on `type`, never classes. */
export interface EventMetadata {
  correlationId?: string;
  causationId?: string;
  /** The acting user, when a signed-in user caused the event. */
  userId?: string;
  [key: string]: unknown;
}

export interface Event<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata?: EventMetadata;
}

/** An event as stored. Distributes over a union, so `switch (event.type)` narrows `event.data`. */
export type RecordedEvent<E extends Event = Event> = E extends Event ? EventRecord & { type: E['type']; data: E['data'] } : never;

interface EventRecord {
  globalPosition: number;
  streamId: string;
  streamVersion: number | null;
  metadata: EventMetadata;
  /** The writing transaction's id (xid8, as text): catch-up reads order by it before the position. */
  transactionId: string;
  createdAt: Date;
}

/** The number of events the stream must have (0: the stream must not exist yet), or 'any'. */
export type ExpectedVersion = number | 'any';
