import { describe, expect, it } from 'vitest';
import type { Event, RecordedEvent } from '../event-store/events.js';
import { inRuns } from './projection.js';

type Joined = Event<'Joined', { id: number }>;
type Deleted = Event<'Deleted', { id: number }>;

function recorded(type: 'Joined' | 'Deleted', id: number): RecordedEvent<Joined | Deleted> {
  return {
    type,
    data: { id },
    globalPosition: id,
    streamId: 's',
    streamVersion: id,
    metadata: {},
    transactionId: '1',
    createdAt: new Date(0),
  };
}

describe('inRuns', () => {
  it('hands each run of the type over together and every other event alone, in log order', async () => {
    const calls: string[] = [];
    const batch = [
      recorded('Joined', 1),
      recorded('Joined', 2),
      recorded('Deleted', 3),
      recorded('Joined', 4),
      recorded('Deleted', 5),
      recorded('Deleted', 6),
    ];
    await inRuns(
      batch,
      'Joined',
      async (joins) => calls.push(`insert ${joins.map((e) => e.data.id).join(',')}`),
      async (other) => calls.push(`delete ${other.data.id}`),
    );
    expect(calls).toEqual(['insert 1,2', 'delete 3', 'insert 4', 'delete 5', 'delete 6']);
  });

  it('waits for each statement before the next, so a later one sees what an earlier one wrote', async () => {
    const order: string[] = [];
    const slow = (label: string) => new Promise<void>((resolve) => setTimeout(() => (order.push(label), resolve()), 5));
    await inRuns(
      [recorded('Joined', 1), recorded('Deleted', 1)],
      'Joined',
      () => slow('insert'),
      () => slow('delete'),
    );
    expect(order).toEqual(['insert', 'delete']);
  });

  it('calls nothing for an empty batch', async () => {
    const calls: string[] = [];
    await inRuns(
      [] as RecordedEvent<Joined | Deleted>[],
      'Joined',
      async () => calls.push('run'),
      async () => calls.push('each'),
    );
    expect(calls).toEqual([]);
  });
});
