import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { Foreground } from './foreground.js';

/** A server whose one route answers when the test says so, with a Foreground counting its requests. */
function serverWithHeldRoute(maxWaitMs: number) {
  const fastify = Fastify();
  const foreground = new Foreground(maxWaitMs);
  foreground.track(fastify);
  const held: (() => void)[] = [];
  fastify.get('/held', () => new Promise<string>((resolve) => held.push(() => resolve('done'))));
  fastify.get('/quick', () => 'quick');
  return { fastify, foreground, answer: () => held.shift()!() };
}

/** Whether the promise has settled after the event loop has turned a few times. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('Foreground: background batches let requests go first', () => {
  const servers: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  it('lets a batch start at once when no request is in flight, also after requests have ended', async () => {
    const { fastify, foreground } = serverWithHeldRoute(60_000);
    servers.push(fastify);
    expect(await settled(foreground.quiet())).toBe(true);
    await fastify.inject('/quick');
    expect(await settled(foreground.quiet())).toBe(true);
  });

  it('holds a batch while a request is in flight, and lets it go once the answer is sent', async () => {
    const { fastify, foreground, answer } = serverWithHeldRoute(60_000);
    servers.push(fastify);
    const response = fastify.inject('/held');
    await new Promise((resolve) => setImmediate(resolve));
    const quiet = foreground.quiet();
    expect(await settled(quiet)).toBe(false);
    answer();
    expect((await response).body).toBe('done');
    expect(await settled(quiet)).toBe(true);
  });

  it('holds it until the last of several requests has its answer', async () => {
    const { fastify, foreground, answer } = serverWithHeldRoute(60_000);
    servers.push(fastify);
    const responses = [fastify.inject('/held'), fastify.inject('/held')];
    await new Promise((resolve) => setImmediate(resolve));
    const quiet = foreground.quiet();
    answer();
    await responses[0];
    expect(await settled(quiet)).toBe(false);
    answer();
    await responses[1];
    expect(await settled(quiet)).toBe(true);
  });

  it('lets a batch go after maxWaitMs when requests never stop', async () => {
    const { fastify, foreground, answer } = serverWithHeldRoute(50);
    servers.push(fastify);
    const response = fastify.inject('/held');
    await new Promise((resolve) => setImmediate(resolve));
    const started = performance.now();
    await foreground.quiet();
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    answer();
    await response;
  });
});
