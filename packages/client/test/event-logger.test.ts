import type { EventLogRequest } from '@vestibule/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_BATCH_SIZE, EVENT_FLUSH_INTERVAL_MS } from '../src/index.js';
import { createEventLogger, type EventLogger } from '../src/event-logger.js';
import { createHttpClient } from '../src/http.js';
import { fakeFetch, TEST_TOKEN } from './helpers.js';

let logger: EventLogger | undefined;

function setup(fetchImpl?: typeof fetch) {
  const fake = fakeFetch();
  const http = createHttpClient({
    baseUrl: 'http://api.test',
    publicToken: TEST_TOKEN,
    getSessionToken: () => null,
    fetch: fetchImpl ?? fake.fetch,
  });
  logger = createEventLogger(http);
  const batches = () => fake.callsTo('POST /sdk/v1/events').map((c) => (c.body as EventLogRequest).events);
  return { logger, fake, batches };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  logger?.destroy();
  logger = undefined;
  vi.useRealTimers();
});

describe('event logger', () => {
  it('sends a queued event after 800 ms with id, name, ISO timestamp and details', async () => {
    vi.setSystemTime(new Date('2030-05-06T07:08:09.010Z'));
    const { logger, batches } = setup();
    logger.log('email_sent', { email: 'ada@example.com', type: 'login_or_create' });
    await vi.advanceTimersByTimeAsync(EVENT_FLUSH_INTERVAL_MS - 1);
    expect(batches()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(EVENT_FLUSH_INTERVAL_MS).toBe(800);
    expect(batches()).toHaveLength(1);
    const [event] = batches()[0] ?? [];
    expect(event).toEqual({
      event_id: expect.stringMatching(/^[A-Za-z0-9_-]{21}$/),
      name: 'email_sent',
      timestamp: '2030-05-06T07:08:09.010Z',
      details: { email: 'ada@example.com', type: 'login_or_create' },
    });
  });

  it('flushes at once when 15 events queue up, and sends batches of at most 15', async () => {
    const { logger, batches, fake } = setup();
    expect(EVENT_BATCH_SIZE).toBe(15);
    for (let i = 0; i < 14; i++) logger.log('flow_complete', { i });
    await vi.advanceTimersByTimeAsync(0);
    expect(batches()).toHaveLength(0);
    logger.log('flow_complete', { i: 14 });
    await vi.advanceTimersByTimeAsync(0);
    expect(batches()).toHaveLength(1);
    expect(batches()[0]).toHaveLength(15);
    expect(fake.calls[0]?.headers['X-Public-Token']).toBe(TEST_TOKEN);

    for (let i = 0; i < 5; i++) logger.log('flow_complete', { i });
    await vi.advanceTimersByTimeAsync(800);
    expect(batches().map((b) => b.length)).toEqual([15, 5]);
    const ids = batches()
      .flat()
      .map((e) => e.event_id);
    expect(new Set(ids).size).toBe(20);
  });

  it('flush() sends what is queued at once', async () => {
    const { logger, batches } = setup();
    for (let i = 0; i < 14; i++) logger.log('flow_complete');
    await logger.flush();
    expect(batches().map((b) => b.length)).toEqual([14]);
  });

  it('on pagehide sends what is left with keepalive', async () => {
    const { logger, fake } = setup();
    logger.log('render_login_screen', {});
    logger.log('email_try_again_clicked', {});
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    const calls = fake.callsTo('POST /sdk/v1/events');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.keepalive).toBe(true);
    expect((calls[0]!.body as EventLogRequest).events.map((e) => e.name)).toEqual(['render_login_screen', 'email_try_again_clicked']);
  });

  it('never throws into the app when sending fails', async () => {
    const failing = vi.fn(async () => {
      throw new TypeError('offline');
    }) as unknown as typeof fetch;
    const { logger } = setup(failing);
    expect(() => logger.log('flow_complete')).not.toThrow();
    await vi.advanceTimersByTimeAsync(800);
    expect(failing).toHaveBeenCalledTimes(1);
    await expect(logger.flush()).resolves.toBeUndefined();

    const erroring = vi.fn(async () => new Response('{"status_code":500}', { status: 500 })) as unknown as typeof fetch;
    const second = setup(erroring).logger;
    second.log('flow_complete');
    await expect(second.flush()).resolves.toBeUndefined();
    second.destroy();
  });

  it('after destroy logs nothing more and stops listening to pagehide', async () => {
    const { logger, batches } = setup();
    logger.log('flow_complete');
    logger.destroy();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches()).toHaveLength(1); // what was queued is sent on destroy
    logger.log('flow_complete');
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(batches()).toHaveLength(1);
  });
});
