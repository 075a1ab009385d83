import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/harness.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import { testConfig } from '../helpers/test-config.js';

/**
 * Finding 9: POST /events took any number of events from anyone (12,000 rows in 2 s), and a client
 * could ask for a session of any length. Batches are bounded, names are a fixed set, each client
 * address has an event budget, and session_duration_minutes is capped by the project.
 */
const EVENTS = '/sdk/v1/events';
const event = (name = 'render_login_screen') => ({ event_id: randomUUID().slice(0, 21), name, timestamp: new Date().toISOString(), details: {} });
const batch = (size: number) => ({ events: Array.from({ length: size }, () => event()) });
let s: ListeningServer;
beforeAll(async () => {
  const base = testConfig();
  s = await startListening({
    rateLimits: { ...base.rateLimits, eventsPerIp: { limit: 120, windowSeconds: 600 } },
    project: { ...base.project, maxSessionDurationMinutes: 60 },
  });
});
afterAll(() => s.close());

describe('events', () => {
  it('takes at most 50 events a batch, and only known event names', async () => {
    expect((await s.send('POST', EVENTS, batch(50), { from: '127.0.0.40' })).status).toBe(200);
    const big = await s.send('POST', EVENTS, batch(51), { from: '127.0.0.41' });
    expect(big.status).toBe(400);
    expect(big.body.error_type).toBe('bad_request');
    const unknown = await s.send('POST', EVENTS, { events: [event('drop_table_users')] }, { from: '127.0.0.41' });
    expect(unknown.status).toBe(400);
  });

  it('gives each client address an event budget per window (every event counts)', async () => {
    expect((await s.send('POST', EVENTS, batch(50), { from: '127.0.0.42' })).status).toBe(200);
    expect((await s.send('POST', EVENTS, batch(50), { from: '127.0.0.42' })).status).toBe(200);
    const over = await s.send('POST', EVENTS, batch(50), { from: '127.0.0.42' });
    expect(over.status).toBe(429);
    expect(over.body.error_type).toBe('too_many_requests');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Parallel batches cannot slip past the budget either.
    const burst = await Promise.all(Array.from({ length: 20 }, () => s.send('POST', EVENTS, batch(10), { from: '127.0.0.43' })));
    expect(burst.filter((answer) => answer.status === 200)).toHaveLength(12);
    expect((await s.send('POST', EVENTS, batch(1), { from: '127.0.0.44' })).status).toBe(200);
  });
});

describe('session length', () => {
  it("is capped by the project's maxSessionDurationMinutes on every route that takes it", async () => {
    const email = uniqueEmail('long');
    const tooLong = await s.send('POST', '/sdk/v1/passwords', { email, password: 'Long session 55 passphrase', session_duration_minutes: 61 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ error_type: 'invalid_duration', error_message: 'session_duration_minutes must be between 5 and 60 minutes.' });
    const ok = await s.send('POST', '/sdk/v1/passwords', { email, password: 'Long session 55 passphrase', session_duration_minutes: 60 });
    expect(ok.status).toBe(200);
    const refresh = await s.send('POST', '/sdk/v1/sessions/authenticate', { session_duration_minutes: 525600 }, { session: ok.body.session_token });
    expect(refresh.status).toBe(400);
    expect(refresh.body.error_type).toBe('invalid_duration');
    const link = await s.send('POST', '/sdk/v1/magic_links/authenticate', { token: 'x'.repeat(43), session_duration_minutes: 100 });
    expect(link.body.error_type).toBe('invalid_duration');
  });
});
