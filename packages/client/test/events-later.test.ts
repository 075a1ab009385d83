import type { EventLogRequest } from '@vestibule/contract';
import { afterEach, expect, it, vi } from 'vitest';
import { eventsLater } from '../src/events-later.js';
import { createHttpClient } from '../src/http.js';
import { fakeFetch, TEST_TOKEN } from './helpers.js';

afterEach(() => {
  vi.doUnmock('../src/event-logger.js');
  vi.resetModules();
});

const http = (fetch: typeof globalThis.fetch) => createHttpClient({ baseUrl: 'http://api.test', publicToken: TEST_TOKEN, getSessionToken: () => null, fetch });

it('events logged before the logger has loaded are sent, in the order they were logged', async () => {
  const fake = fakeFetch();
  const events = eventsLater(http(fake.fetch));
  events.log('render_login_screen', { n: 1 });
  events.log('email_sent', { n: 2 });
  events.log('flow_complete', { n: 3 });
  await events.flush();
  const sent = fake.callsTo('POST /sdk/v1/events').flatMap((call) => (call.body as EventLogRequest).events);
  expect(sent.map((event) => [event.name, event.details])).toEqual([
    ['render_login_screen', { n: 1 }],
    ['email_sent', { n: 2 }],
    ['flow_complete', { n: 3 }],
  ]);
  events.destroy();
});

it('a logger that cannot be fetched drops the events and throws nothing into the page', async () => {
  vi.doMock('../src/event-logger.js', () => {
    throw new Error('Failed to fetch dynamically imported module');
  });
  const { eventsLater: fresh } = await import('../src/events-later.js');
  const fake = fakeFetch();
  const unhandled = vi.fn();
  process.on('unhandledRejection', unhandled);
  const events = fresh(http(fake.fetch));
  events.log('render_login_screen', {});
  await expect(events.flush()).resolves.toBeUndefined();
  events.destroy();
  await new Promise((resolve) => setTimeout(resolve, 10));
  process.off('unhandledRejection', unhandled);
  expect(unhandled).not.toHaveBeenCalled();
  expect(fake.callsTo('POST /sdk/v1/events')).toHaveLength(0);
});
