import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import { testConfig } from '../helpers/test-config.js';

/**
 * The identity provider's token and revocation endpoints under a flood, over real sockets: each
 * counts per client address and per client id (wrong secrets included); past either, 429 with an
 * OAuth error body and Retry-After; the limits hold under parallel requests.
 */
const SECRET = 'rp-secret-limits-8c1f2a7e9d3b';
let s: ListeningServer;
beforeAll(async () => {
  const base = testConfig();
  s = await startListening(
    { rateLimits: { ...base.rateLimits, idpPerIp: { limit: 5, windowSeconds: 600 }, idpPerClient: { limit: 8, windowSeconds: 600 } } },
    {
      RP_SECRET: SECRET,
      VESTIBULE_IDP_CLIENTS: JSON.stringify([
        {
          client_id: 'back-end-rp',
          client_name: 'Back-end RP',
          client_type: 'confidential',
          redirect_uris: ['http://localhost:4000/cb'],
          client_secret_env: 'RP_SECRET',
        },
      ]),
    },
  );
});
afterAll(() => s.close());

const basic = (secret: string) => ({ Authorization: `Basic ${Buffer.from(`back-end-rp:${secret}`).toString('base64')}` });
const token = (from: string, secret: string) =>
  s.send('POST', '/oauth2/token', undefined, {
    from,
    token: null,
    headers: basic(secret),
    form: { grant_type: 'refresh_token', refresh_token: 'not-a-token' },
  });

describe('/oauth2/token and /oauth2/revoke are rate limited', () => {
  it('per client address: the sixth call from one address gets 429 too_many_requests, an OAuth error body saying when to try again, and Retry-After', async () => {
    for (let i = 0; i < 5; i++) expect((await token('127.0.0.61', 'wrong-secret')).status).toBe(401);
    const flooded = await token('127.0.0.61', 'wrong-secret');
    expect(flooded.status).toBe(429);
    expect(flooded.body).toEqual({
      error: 'too_many_requests',
      error_description: expect.stringMatching(/^Too many token requests from this address\. Please try again in \d+ (minutes?|seconds?)\.$/),
    });
    expect(Number(flooded.headers['retry-after'])).toBeGreaterThan(0);
    expect(flooded.headers['cache-control']).toBe('no-store');
  });

  it('per client id, wrong secrets counted: after 8 calls naming the client (5 from above, 3 from elsewhere), even its right secret waits', async () => {
    for (let i = 0; i < 3; i++) expect((await token('127.0.0.62', 'wrong-secret')).status).toBe(401);
    const refused = await token('127.0.0.63', SECRET);
    expect(refused.status).toBe(429);
    expect(refused.body.error_description).toMatch(/^Too many token requests for this client\. Please try again in \d+ (minutes?|seconds?)\.$/);
    // Revocation has counts of its own: the right secret still gets an answer there.
    expect(
      (await s.send('POST', '/oauth2/revoke', undefined, { from: '127.0.0.63', token: null, headers: basic(SECRET), form: { token: 'unknown' } })).status,
    ).toBe(200);
  });

  it('50 revocations in parallel from one address: exactly 5 answered, 45 refused with 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        s.send('POST', '/oauth2/revoke', undefined, { from: '127.0.0.64', token: null, form: { token: 'unknown', client_id: 'demo-rp' } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45);
    expect(new Set(answers.filter((a) => a.status === 429).map((a) => a.body.error))).toEqual(new Set(['too_many_requests']));
  });
});
