import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBatchQueue, FLUSH_INTERVAL_MS, MAX_PENDING_EVENTS, type SendOutcome } from './batch-queue';
import { MAX_BATCH_BYTES, takeBatches } from './beacon';

interface Sent {
  via: 'post' | 'beacon';
  events: number[];
}

/** A transport that records what it was given and answers as told. */
function fakeTransport(answer: () => SendOutcome | Promise<SendOutcome> = () => 'sent', beaconAccepts = true) {
  const sent: Sent[] = [];
  const events = (body: string) => (JSON.parse(body) as { events: number[] }).events;
  return {
    sent,
    transport: {
      post: vi.fn(async (body: string) => {
        sent.push({ via: 'post', events: events(body) });
        return answer();
      }),
      beacon: vi.fn((body: string) => {
        if (beaconAccepts) sent.push({ via: 'beacon', events: events(body) });
        return beaconAccepts;
      }),
    },
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => from + index);

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'debug').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the batching queue', () => {
  it('sends what it holds 5 seconds after the first event, as one {events} body', async () => {
    const { sent, transport } = fakeTransport();
    const queue = createBatchQueue<number>(transport);
    queue.push(1);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS / 2);
    queue.push(2);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS / 2);
    expect(sent).toEqual([{ via: 'post', events: [1, 2] }]);
    expect(queue.pending).toBe(0);
  });

  it('sends at once when 20 events are waiting', async () => {
    const { sent, transport } = fakeTransport();
    const queue = createBatchQueue<number>(transport);
    for (const event of range(0, 19)) queue.push(event);
    expect(sent).toEqual([]);
    queue.push(19);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ via: 'post', events: range(0, 20) }]);
    // Nothing left for the timer.
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(sent).toHaveLength(1);
  });

  it('sends nothing while empty', async () => {
    const { transport } = fakeTransport();
    createBatchQueue<number>(transport);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS * 10);
    expect(transport.post).not.toHaveBeenCalled();
  });

  it('sends everything by beacon on page hide, in batches of 20', () => {
    const { sent, transport } = fakeTransport();
    const queue = createBatchQueue<number>(transport);
    for (const event of range(0, 19)) queue.push(event);
    queue.flushOnHide();
    expect(sent).toEqual([{ via: 'beacon', events: range(0, 19) }]);
    expect(transport.post).not.toHaveBeenCalled();
  });

  it('falls back to a keepalive request when the browser refuses the beacon', async () => {
    const { sent, transport } = fakeTransport(() => 'sent', false);
    const queue = createBatchQueue<number>(transport);
    queue.push(1);
    queue.flushOnHide();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ via: 'post', events: [1] }]);
  });

  it('keeps a batch that failed to reach the server and sends it again, first, with later events', async () => {
    const answers: SendOutcome[] = ['retry', 'sent'];
    const { sent, transport } = fakeTransport(() => answers.shift()!);
    const queue = createBatchQueue<number>(transport);
    queue.push(1);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(queue.pending).toBe(1);
    queue.push(2);
    // Backs off: twice the interval after one failure.
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS * 2);
    expect(sent).toEqual([
      { via: 'post', events: [1] },
      { via: 'post', events: [1, 2] },
    ]);
    expect(queue.pending).toBe(0);
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('treats a network error like a retry, and logs it only', async () => {
    let fail = true;
    const { sent, transport } = fakeTransport(() => {
      if (fail) throw new TypeError('Failed to fetch');
      return 'sent';
    });
    const queue = createBatchQueue<number>(transport);
    queue.push(1);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(console.debug).toHaveBeenCalledWith('Analytics: sending failed', expect.any(TypeError));
    fail = false;
    queue.flushOnHide();
    expect(sent.at(-1)).toEqual({ via: 'beacon', events: [1] });
  });

  it('drops a batch the server refused (invalid: sending it again cannot help) with a warning', async () => {
    const { sent, transport } = fakeTransport(() => 'refused');
    const queue = createBatchQueue<number>(transport);
    queue.push(1);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS * 20);
    expect(sent).toHaveLength(1);
    expect(queue.pending).toBe(0);
    expect(console.warn).toHaveBeenCalledWith('Analytics: the server refused 1 events');
  });

  it('keeps at most 200 events while the server stays out of reach, dropping older ones', async () => {
    const { transport } = fakeTransport(() => 'retry');
    const queue = createBatchQueue<number>(transport);
    for (const event of range(0, 250)) queue.push(event);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(queue.pending).toBeLessThanOrEqual(MAX_PENDING_EVENTS);
    const { sent, transport: working } = fakeTransport();
    transport.post.mockImplementation(working.post);
    transport.beacon.mockImplementation(working.beacon);
    queue.flushOnHide();
    const delivered = sent.flatMap((batch) => batch.events);
    expect(delivered).toHaveLength(MAX_PENDING_EVENTS);
    expect(new Set(delivered).size).toBe(MAX_PENDING_EVENTS);
    // Which failed batches survive depends on the order their requests failed in; events never sent yet stay.
    expect(delivered).toEqual(expect.arrayContaining(range(240, 250)));
  });
});

describe('batches', () => {
  it('hold at most 20 events', () => {
    expect(takeBatches(range(0, 45)).map((batch) => batch.length)).toEqual([20, 20, 5]);
    expect(takeBatches([])).toEqual([]);
  });

  it('stay under 60 KB of JSON, so the server (64 KB) never refuses one for its size', () => {
    const big = (id: number) => ({ id, title: 'é'.repeat(7000) }); // 14 KB in UTF-8
    const batches = takeBatches(range(0, 10).map(big));
    expect(batches.map((batch) => batch.length)).toEqual([4, 4, 2]);
    for (const batch of batches) {
      expect(new TextEncoder().encode(JSON.stringify({ events: batch })).length).toBeLessThan(MAX_BATCH_BYTES);
    }
  });
});
