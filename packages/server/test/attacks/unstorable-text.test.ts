import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/harness.js';
import type { ListeningServer } from '../helpers/listening.js';
import { sharedListening } from '../helpers/shared-stack.js';

/**
 * Issue 36, finding 1: a NUL byte in a string field reached PostgreSQL, which refuses it, and the
 * answer was a 500. Every string a request carries (JSON body, query string, form) is now checked
 * for text no database can hold, NUL and unpaired surrogates, and refused with 400 naming the field.
 */
let s: ListeningServer;
let session: string;
beforeAll(async () => {
  s = await sharedListening();
  session = (await s.signInByLink(uniqueEmail('nul-owner'))).session_token;
});

const BAD = [
  { text: 'a@b.c\u0000', what: 'a NUL character (U+0000)' },
  { text: 'a\ud800@b.c', what: 'an unpaired surrogate (half of a UTF-16 pair)' },
  { text: 'a@b.c\udc00', what: 'an unpaired surrogate (half of a UTF-16 pair)' },
];

const ROUTES: Array<{ path: string; body: (bad: string) => Record<string, unknown>; field: string; session?: boolean }> = [
  { path: '/sdk/v1/users/search', body: (bad) => ({ email: bad }), field: 'email' },
  { path: '/sdk/v1/magic_links/email/login_or_create', body: (bad) => ({ email: bad }), field: 'email' },
  { path: '/sdk/v1/otps/email/login_or_create', body: (bad) => ({ email: bad }), field: 'email' },
  { path: '/sdk/v1/otps/sms/login_or_create', body: (bad) => ({ phone_number: `+1415555${bad}` }), field: 'phone_number' },
  { path: '/sdk/v1/otps/authenticate', body: (bad) => ({ code: '123456', method_id: bad }), field: 'method_id' },
  { path: '/sdk/v1/passwords', body: (bad) => ({ email: bad, password: 'a long enough passphrase 42' }), field: 'email' },
  { path: '/sdk/v1/passwords/authenticate', body: (bad) => ({ email: bad, password: 'a long enough passphrase 42' }), field: 'email' },
  { path: '/sdk/v1/passwords/strength_check', body: (bad) => ({ password: 'x', email: bad }), field: 'email' },
  { path: '/sdk/v1/passwords/email/reset/start', body: (bad) => ({ email: bad }), field: 'email' },
  { path: '/sdk/v1/webauthn/update', body: (bad) => ({ webauthn_registration_id: bad, name: 'Laptop' }), field: 'webauthn_registration_id', session: true },
  { path: '/sdk/v1/webauthn/update', body: (bad) => ({ webauthn_registration_id: 'webauthn-registration-x', name: bad }), field: 'name', session: true },
  { path: '/sdk/v1/webauthn/delete', body: (bad) => ({ webauthn_registration_id: bad }), field: 'webauthn_registration_id', session: true },
  { path: '/sdk/v1/events', body: (bad) => ({ events: [{ name: 'email_sent', details: { email: bad } }] }), field: 'events[0].details.email' },
];

describe('text no database can hold', () => {
  for (const route of ROUTES) {
    it(`POST ${route.path}: ${route.field} with a NUL or an unpaired surrogate is 400 naming the field`, async () => {
      for (const bad of BAD) {
        const answer = await s.send('POST', route.path, route.body(bad.text), { session: route.session ? session : undefined });
        expect(answer.status, JSON.stringify(answer.body)).toBe(400);
        expect(answer.body).toMatchObject({
          error_type: 'bad_request',
          error_message: `Field ${route.field} contains ${bad.what}, which is not accepted in any text.`,
        });
      }
    });
  }

  it('a body nested thousands deep is walked without overflowing: 400, not 500', async () => {
    for (const raw of ['['.repeat(8000) + ']'.repeat(8000), `${'[{"":'.repeat(2300)}"a\\u0000"${'}]'.repeat(2300)}`]) {
      for (const path of ['/sdk/v1/magic_links/authenticate', '/sdk/v1/events', '/sdk/v1/otps/authenticate']) {
        const answer = await s.send('POST', path, undefined, { json: raw });
        expect(answer.status, path).toBe(400);
        expect(answer.body.error_type).toBe('bad_request');
      }
    }
  });

  it('a key holding a NUL is refused too, named where it stands', async () => {
    const answer = await s.send('POST', '/sdk/v1/users/search', { 'email\u0000': 'a@b.c' });
    expect(answer.status).toBe(400);
    expect(answer.body.error_message).toContain('contains a NUL character (U+0000)');
  });

  it('a query string holding a NUL is refused on every route that reads one', async () => {
    for (const path of [
      '/dev/outbox?to=a%00b',
      '/sdk/v1/oauth/start?provider=github&public_token=x%00&code_challenge=y',
      '/sdk/v1/oauth/callback?state=%00&code=x',
    ]) {
      const answer = await s.send('GET', path, undefined, { token: null });
      expect(answer.status, path).toBe(400);
      expect(answer.body).toMatchObject({ error_type: 'bad_request' });
      expect(answer.body.error_message).toMatch(/^Query parameter \w+ contains a NUL character \(U\+0000\), which is not accepted in any text\.$/);
    }
  });

  it("the identity provider's form endpoints refuse it with an OAuth invalid_request naming the parameter", async () => {
    // A form is UTF-8 on the wire, which has no unpaired surrogates: NUL is what reaches the server.
    for (const path of ['/oauth2/token', '/oauth2/revoke']) {
      for (const bad of BAD.slice(0, 1)) {
        const answer = await s.send('POST', path, undefined, {
          token: null,
          form: { grant_type: 'refresh_token', client_id: 'demo-rp', refresh_token: bad.text, token: bad.text },
        });
        expect(answer.status, path).toBe(400);
        expect(answer.body).toMatchObject({ error: 'invalid_request' });
        expect(answer.body.error_description).toContain(`contains ${bad.what}, which is not accepted in any text.`);
      }
    }
  });

  it('the same fields with ordinary text still work, so nothing else was refused', async () => {
    expect((await s.send('POST', '/sdk/v1/users/search', { email: uniqueEmail('plain') })).status).toBe(200);
    expect((await s.send('GET', `/dev/outbox?to=${encodeURIComponent(uniqueEmail('plain'))}`, undefined, { token: null })).status).toBe(200);
  });
});
