import { beforeAll, describe, expect, it } from 'vitest';
import { startHarness, uniqueEmail, type Harness } from './helpers/harness.js';
import { ORIGIN, PRODUCTION } from './helpers/test-config.js';
import { sharedHarness } from './helpers/shared-stack.js';

let h: Harness;
beforeAll(async () => {
  h = await sharedHarness();
});

describe('events', () => {
  it('stores a batch of events once, even when the batch is retried', async () => {
    const id = `evt${Date.now()}`.padEnd(21, 'x');
    const events = [
      { event_id: id, name: 'email_sent', timestamp: '2026-01-02T03:04:05.000Z', details: { email: 'a@b.co', type: 'login' } },
      { event_id: `${id}2`, name: 'render_login_screen', timestamp: '2026-01-02T03:04:06.000Z', details: { options: { products: ['emailMagicLinks'] } } },
    ];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await h.json('POST', '/sdk/v1/events', { events });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status_code: 200, request_id: expect.any(String) });
    }
    const rows = await h.server.db
      .selectFrom('events')
      .selectAll()
      .where('event_id', 'in', [id, `${id}2`])
      .orderBy('occurred_at')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ name: 'email_sent', details: { email: 'a@b.co', type: 'login' } });
    expect(rows[0]!.occurred_at.toISOString()).toBe('2026-01-02T03:04:05.000Z');
  });

  it('refuses an unknown event name, an empty batch and over 100 events', async () => {
    const event = (name: string, i = 0) => ({ event_id: `e-${i}-${Math.random()}`, name, timestamp: new Date().toISOString(), details: {} });
    for (const body of [{ events: [event('made_up')] }, { events: [] }, { events: Array.from({ length: 101 }, (_, i) => event('flow_complete', i)) }]) {
      const response = await h.json('POST', '/sdk/v1/events', body);
      expect(response.status).toBe(400);
      expect(response.body.error_type).toBe('bad_request');
    }
  });
});

describe('development outbox', () => {
  it('lists messages newest first, filters by recipient, and allows the demo origin', async () => {
    const email = uniqueEmail('outbox');
    await h.sendLink(email);
    await h.sendLink(email);
    const other = uniqueEmail('other');
    await h.sendLink(other);
    const all = await h.outbox();
    expect(all[0]!.to).toBe(other);
    const mine = await h.outbox(email);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toEqual({
      id: expect.any(String),
      channel: 'email',
      to: email,
      subject: 'Your Vestibule Demo login link',
      text: expect.stringContaining('vestibule_token_type=login'),
      html: expect.stringContaining('<a href='),
      created_at: expect.any(String),
    });
    expect(mine[1]!.subject).toBe('Finish signing up to Vestibule Demo');
    const response = await h.call('GET', '/dev/outbox', undefined, { token: null, origin: ORIGIN, ip: '127.0.0.1' });
    expect(response.status).toBe(200);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(ORIGIN);
  });
});

describe('production', () => {
  it('has no outbox route and keeps no outbox messages', async () => {
    const prod = await startHarness(PRODUCTION);
    try {
      expect(prod.config.outboxEnabled).toBe(false);
      const response = await prod.json('GET', '/dev/outbox', undefined, { token: null });
      expect(response.status).toBe(404);
      expect(response.body.error_type).toBe('not_found');
      expect((await prod.json('POST', '/sdk/v1/magic_links/email/login_or_create', { email: uniqueEmail() })).status).toBe(200);
      expect(await prod.server.db.selectFrom('outbox_messages').selectAll().execute()).toEqual([]);
      const doc = await (await prod.call('GET', '/openapi.json', undefined, { token: null })).json();
      expect(Object.keys(doc.paths)).not.toContain('/dev/outbox');
    } finally {
      await prod.close();
    }
  });
});
