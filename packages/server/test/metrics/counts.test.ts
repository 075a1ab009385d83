import { randomUUID } from 'node:crypto';
import type { SessionResponse } from '@vestibule/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../helpers/account.js';
import { uniqueEmail } from '../helpers/harness.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import { manage } from '../helpers/management.js';
import { codeIn, OTP } from '../helpers/otp.js';
import { testConfig } from '../helpers/test-config.js';
import { firstStepByLink, heldToken, nextCode, turnOn, withAppCode, wrongCodes } from '../two-step/helpers.js';
import { startReceiver } from '../webhooks/receiver.js';
import { scrape, total, type Sample } from './scrape.js';

/**
 * What an operator's Prometheus reads from /metrics moves by exactly what was done: a server of
 * its own (no other test's traffic), scraped before and after each thing, over real sockets.
 */
let server: ListeningServer;
beforeAll(async () => {
  const { rateLimits } = testConfig();
  // Two password attempts per account, so that the third is refused by the limit.
  server = await startListening({ rateLimits: { ...rateLimits, passwordPerAccount: { limit: 2, windowSeconds: 600 } } });
});
afterAll(() => server.close());

/** The samples now, as Prometheus on this machine reads them. */
async function samples(): Promise<Sample[]> {
  const scraped = await scrape(server.port);
  expect(scraped.status).toBe(200);
  return scraped.samples;
}

type Series = readonly [name: string, labels: Record<string, string>];

/** How much each of `series` moved while `act` ran: after minus before, in their order. */
async function moved<const S extends readonly Series[]>(series: S, act: () => Promise<void>): Promise<{ [K in keyof S]: number }> {
  const before = await samples();
  await act();
  const after = await samples();
  return series.map(([name, labels]) => total(after, name, labels) - total(before, name, labels)) as { [K in keyof S]: number };
}

const requests = (route: string, status: string, method = 'POST'): Series => ['vestibule_http_request_duration_seconds_count', { route, status, method }];

describe('/metrics', () => {
  it("is Prometheus' text format, with the process's own metrics", async () => {
    const scraped = await scrape(server.port);
    expect(scraped.status).toBe(200);
    expect(scraped.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(scraped.text).toContain('# TYPE vestibule_http_request_duration_seconds histogram');
    expect(total(scraped.samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(scraped.samples.some((sample) => sample.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    // The embedded database has one connection in process: no pool to watch.
    expect(scraped.samples.some((sample) => sample.name.startsWith('vestibule_database_pool_'))).toBe(false);
  });

  it('counts a magic-link sign-in, its email, and the session checks that follow, answered from memory', async () => {
    let session: SessionResponse | undefined;
    const [signIns, emails] = await moved(
      [
        ['vestibule_sign_ins_total', { method: 'magic_link', outcome: 'succeeded' }],
        ['vestibule_messages_total', { channel: 'email', outcome: 'sent' }],
      ],
      async () => {
        session = await server.signInByLink(uniqueEmail('metrics-link'));
      },
    );
    expect([signIns, emails]).toEqual([1, 1]);

    const [checks, hits, misses] = await moved(
      [
        requests('/sdk/v1/sessions/authenticate', '200'),
        ['vestibule_session_cache_lookups_total', { result: 'hit' }],
        ['vestibule_session_cache_lookups_total', { result: 'miss' }],
      ],
      async () => {
        for (let i = 0; i < 3; i++) {
          expect((await server.send('POST', '/sdk/v1/sessions/authenticate', {}, { session: session!.session_token })).status).toBe(200);
        }
      },
    );
    expect(checks).toBe(3);
    // One lookup per check; the sign-in kept the session, so at most the first reads the database.
    expect(hits + misses).toBe(3);
    expect(hits).toBeGreaterThanOrEqual(2);
  });

  it('counts a passcode sign-in and its email', async () => {
    const email = uniqueEmail('metrics-otp');
    const [signIns, emails, sends, authenticates] = await moved(
      [
        ['vestibule_sign_ins_total', { method: 'otp', outcome: 'succeeded' }],
        ['vestibule_messages_total', { channel: 'email', outcome: 'sent' }],
        requests(OTP.email, '200'),
        requests(OTP.authenticate, '200'),
      ],
      async () => {
        const sent = await server.send('POST', OTP.email, { email });
        expect(sent.status).toBe(200);
        const code = codeIn((await server.outbox(email))[0]!.text);
        expect((await server.send('POST', OTP.authenticate, { method_id: sent.body.method_id, code })).status).toBe(200);
      },
    );
    expect([signIns, emails, sends, authenticates]).toEqual([1, 1, 1, 1]);
  });

  it('counts wrong passwords as refused sign-ins, and the limit that refuses the next one by its name', async () => {
    const email = uniqueEmail('metrics-pw');
    const attempt = () => server.send('POST', '/sdk/v1/passwords/authenticate', { email, password: 'not-the-password-at-all' });
    const [refused, limited, unauthorized, tooMany] = await moved(
      [
        ['vestibule_sign_ins_total', { method: 'password', outcome: 'refused' }],
        ['vestibule_rate_limit_refusals_total', { limit: 'password-auth:account' }],
        requests('/sdk/v1/passwords/authenticate', '401'),
        requests('/sdk/v1/passwords/authenticate', '429'),
      ],
      async () => {
        expect((await attempt()).body.error_type).toBe('unauthorized_credentials');
        expect((await attempt()).body.error_type).toBe('unauthorized_credentials');
        expect((await attempt()).body.error_type).toBe('too_many_requests');
      },
    );
    expect([refused, limited, unauthorized, tooMany]).toEqual([2, 1, 2, 1]);
  });

  it("counts a sign-in held for the user's second step, a wrong app code, and the right one", async () => {
    const person = await signedIn(server, 'metrics-two-step');
    const { secret } = await turnOn(server, person);
    let token = '';
    const [held] = await moved([['vestibule_sign_ins_total', { method: 'magic_link', outcome: 'held' }]], async () => {
      token = heldToken(await firstStepByLink(server, person.email, person.from));
    });
    expect(held).toBe(1);
    const [refused, succeeded] = await moved(
      [
        ['vestibule_sign_ins_total', { method: 'totp', outcome: 'refused' }],
        ['vestibule_sign_ins_total', { method: 'totp', outcome: 'succeeded' }],
      ],
      async () => {
        expect((await withAppCode(server, token, wrongCodes(secret, 1)[0]!, person.from)).body.error_type).toBe('invalid_totp_code');
        expect((await withAppCode(server, token, nextCode(secret), person.from)).status).toBe(200);
      },
    );
    expect([refused, succeeded]).toEqual([1, 1]);
  });

  it('counts webhook attempts by outcome: a receiver that fails, then one that takes the event', async () => {
    const receiver = await startReceiver((n) => (n === 0 ? 500 : 204));
    const made = await manage(server, 'POST', '/v1/webhooks', { url: receiver.url, event_types: ['user.created'] });
    expect(made.status).toBe(200);
    receiver.secret = made.body.secret;
    try {
      const attempts = async (outcome: string) => total(await samples(), 'vestibule_webhook_attempts_total', { outcome });
      const [retrying, succeeded] = [await attempts('retrying'), await attempts('succeeded')];
      await server.signInByLink(uniqueEmail('metrics-hooked'));
      await receiver.waitFor((received) => received.length >= 1);
      // The first attempt failed: counted once its outcome is known, right after the receiver answered.
      await expect.poll(() => attempts('retrying')).toBe(retrying + 1);
      expect(await attempts('succeeded')).toBe(succeeded);
    } finally {
      await manage(server, 'DELETE', `/v1/webhooks/${made.body.webhook_id}`);
      await receiver.close();
    }
  });

  it('counts a path no route serves as unmatched, never by the path sent', async () => {
    const made = `/made-up-${randomUUID()}`;
    const [unmatched] = await moved([requests('unmatched', '404', 'GET')], async () => {
      expect((await server.send('GET', made, undefined, { token: null })).status).toBe(404);
    });
    expect(unmatched).toBe(1);
    const { text, samples: all } = await scrape(server.port);
    expect(text).not.toContain(made);
    // Every route label is one the server declares (or 'unmatched'), whatever was sent.
    const routes = new Set(all.filter((sample) => sample.labels.route !== undefined).map((sample) => sample.labels.route));
    for (const route of routes) expect(route === 'unmatched' || route!.startsWith('/'), route).toBe(true);
    expect([...routes].filter((route) => route!.includes('made-up'))).toEqual([]);
  });
});
