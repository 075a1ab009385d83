import { tryAgainIn } from '../src/http/limits.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@vestibule/contract';
import { randomIp, uniqueEmail, type Harness } from './helpers/harness.js';
import { RESET_URL } from './helpers/test-config.js';
import { sharedHarness } from './helpers/shared-stack.js';

const SEND = '/sdk/v1/magic_links/email/login_or_create';
const AUTH = '/sdk/v1/magic_links/authenticate';
const MAGIC_LINK_MESSAGE = 'This login link has already been used or has expired. Please request a new one.';

let h: Harness;
beforeAll(async () => {
  h = await sharedHarness();
});

describe('magic link sign-up and login', () => {
  it('signs up a new address: creates the user, emails a sign-up link, and the link signs the user in', async () => {
    const email = uniqueEmail('New.Person');
    const send = await h.json('POST', SEND, { email });
    expect(send.status).toBe(200);
    expect(send.body).toMatchObject({ status_code: 200, user_created: true });
    expect(send.body.user_id).toMatch(/^user-/);
    expect(send.body.email_id).toMatch(/^email-/);
    expect(send.headers.get('X-Request-Id')).toBe(send.body.request_id);

    const [message] = await h.outbox(email.toLowerCase());
    expect(message!.subject).toContain('Vestibule Demo');
    expect(message!.text).toContain('valid for 30 minutes');
    expect(message!.html).toContain('Vestibule Demo');
    const link = new URL(/http\S+/.exec(message!.text)![0]);
    expect(`${link.origin}${link.pathname}`).toBe(RESET_URL);
    expect(link.searchParams.get('vestibule_token_type')).toBe('login');
    const token = link.searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(message!.html).toContain(token);

    const me0 = await h.json('POST', AUTH, { token });
    expect(me0.status).toBe(200);
    const session = me0.body as SessionResponse;
    expect(session.user_id).toBe(send.body.user_id);
    expect(session.user.status).toBe('active');
    expect(session.user.emails).toEqual([{ email_id: send.body.email_id, email: email.toLowerCase(), verified: true, primary: true }]);
    expect(session.session_token.length).toBeGreaterThanOrEqual(22);
    expect(session.session.authentication_factors).toEqual([
      expect.objectContaining({
        type: 'magic_link',
        delivery_method: 'email',
        email_factor: { email_id: send.body.email_id, email_address: email.toLowerCase() },
      }),
    ]);
    const lifetime = Date.parse(session.session.expires_at) - Date.parse(session.session.started_at);
    expect(lifetime).toBe(30 * 60_000);

    const me = await h.json('GET', '/sdk/v1/users/me', undefined, { session: session.session_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ user_id: send.body.user_id, status: 'active', status_code: 200 });
  });

  it('logs in a known address with a login link (user_created false, same user)', async () => {
    const email = uniqueEmail();
    const first = await h.signIn(email);
    const send = await h.json('POST', SEND, { email: email.toUpperCase() });
    expect(send.body).toMatchObject({ user_created: false, user_id: first.user_id });
    const [message] = await h.outbox(email);
    expect(message!.subject).toBe('Your Vestibule Demo login link');
  });

  it('creates the user pending when create_user_as_pending is set, active otherwise; the link activates it', async () => {
    const status = async (userId: string) =>
      (await h.server.db.selectFrom('users').select('status').where('user_id', '=', userId).executeTakeFirstOrThrow()).status;
    const pending = await h.sendLink(uniqueEmail(), { create_user_as_pending: true });
    expect(await status(pending.response.user_id)).toBe('pending');
    const auth = await h.json<SessionResponse>('POST', AUTH, { token: pending.token });
    expect(auth.body.user.status).toBe('active');
    expect(await status(pending.response.user_id)).toBe('active');
    const plain = await h.sendLink(uniqueEmail());
    expect(await status(plain.response.user_id)).toBe('active');
  });

  it('uses a link only once', async () => {
    const { token } = await h.sendLink(uniqueEmail());
    expect((await h.json('POST', AUTH, { token })).status).toBe(200);
    const again = await h.json('POST', AUTH, { token });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ error_type: 'unable_to_auth_magic_link', error_message: MAGIC_LINK_MESSAGE, status_code: 401 });
  });

  it('lets exactly one of several simultaneous uses of a link win', async () => {
    const { token } = await h.sendLink(uniqueEmail());
    const results = await Promise.all([1, 2, 3, 4].map(() => h.call('POST', AUTH, { token })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401, 401]);
  });

  it('refuses an expired link and an unknown token', async () => {
    const { token } = await h.sendLink(uniqueEmail(), { signup_expiration_minutes: 5 });
    h.clock.advanceMinutes(6);
    const expired = await h.json('POST', AUTH, { token });
    expect(expired.status).toBe(401);
    expect(expired.body.error_type).toBe('unable_to_auth_magic_link');
    const unknown = await h.json('POST', AUTH, { token: 'not-a-real-token' });
    expect(unknown.body.error_type).toBe('unable_to_auth_magic_link');
  });

  it('honours the expiration asked for, and the link still works just before it', async () => {
    const { token, message } = await h.sendLink(uniqueEmail(), { signup_expiration_minutes: 60 });
    expect(message.text).toContain('valid for 1 hour');
    h.clock.advanceMinutes(59);
    expect((await h.json('POST', AUTH, { token })).status).toBe(200);
  });

  it('leads to the allowlisted redirect URL the client names', async () => {
    const { link } = await h.sendLink(uniqueEmail(), { signup_magic_link_url: 'http://127.0.0.1:3000/reset' });
    expect(link.origin).toBe('http://127.0.0.1:3000');
  });

  it('refuses a redirect URL not on the allowlist', async () => {
    for (const body of [
      { login_magic_link_url: 'https://evil.example/reset' },
      { signup_magic_link_url: 'http://localhost:3000/reset/extra' },
      { signup_magic_link_url: 'http://localhost:3000/reset?x=1' },
    ]) {
      const response = await h.json('POST', SEND, { email: uniqueEmail(), ...body });
      expect(response.status).toBe(400);
      expect(response.body.error_type).toBe('invalid_redirect_url');
    }
  });

  it('refuses expirations and session durations outside their range', async () => {
    for (const body of [{ login_expiration_minutes: 4 }, { signup_expiration_minutes: 10081 }]) {
      const response = await h.json('POST', SEND, { email: uniqueEmail(), ...body });
      expect(response.status).toBe(400);
      expect(response.body.error_type).toBe('invalid_duration');
      expect(response.body.error_message).toMatch(/expiration_minutes/);
    }
    const { token } = await h.sendLink(uniqueEmail());
    const tooLong = await h.json('POST', AUTH, { token, session_duration_minutes: 525601 });
    expect(tooLong.body.error_type).toBe('invalid_duration');
    // The link was not spent by the refused call.
    const ok = await h.json<SessionResponse>('POST', AUTH, { token, session_duration_minutes: 60 });
    expect(ok.status).toBe(200);
    expect(Date.parse(ok.body.session.expires_at) - Date.parse(ok.body.session.started_at)).toBe(60 * 60_000);
  });

  it('answers invalid_email for a malformed address', async () => {
    for (const email of ['plainaddress', 'a@b', '@example.com', 'a b@example.com', `${'x'.repeat(250)}@example.com`]) {
      const response = await h.json('POST', SEND, { email });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error_type: 'invalid_email', error_message: 'Email format is invalid.' });
    }
  });

  it('adds the magic-link factor to the Bearer session instead of starting another', async () => {
    const email = uniqueEmail();
    const first = await h.signIn(email);
    const { token } = await h.sendLink(email);
    const second = await h.json<SessionResponse>('POST', AUTH, { token }, { session: first.session_token });
    expect(second.status).toBe(200);
    expect(second.body.session.session_id).toBe(first.session.session_id);
    expect(second.body.session_token).toBe(first.session_token);
    expect(second.body.session.authentication_factors).toHaveLength(1);
  });
});

describe('magic link rate limits', () => {
  it('limits sends per email address (5 per 10 minutes) with 429 and Retry-After', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i += 1) expect((await h.call('POST', SEND, { email })).status).toBe(200);
    const limited = await h.json('POST', SEND, { email });
    expect(limited.status).toBe(429);
    expect(limited.body.error_type).toBe('too_many_requests');
    const retryAfter = Number(limited.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    // The person reads when to try again, the same wait as Retry-After.
    expect(limited.body.error_message).toBe(`Too many magic links requested. ${tryAgainIn(retryAfter)}`);
    // Another address is unaffected; the same one works again in the next window.
    expect((await h.call('POST', SEND, { email: uniqueEmail() })).status).toBe(200);
    h.clock.advanceMinutes(10);
    expect((await h.call('POST', SEND, { email })).status).toBe(200);
  });

  it('limits sends per client IP (50 per 10 minutes)', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 51; i += 1) statuses.push((await h.call('POST', SEND, { email: uniqueEmail() }, { ip })).status);
    expect(statuses.slice(0, 50).every((s) => s === 200)).toBe(true);
    expect(statuses[50]).toBe(429);
    expect((await h.call('POST', SEND, { email: uniqueEmail() }, { ip: randomIp() })).status).toBe(200);
  });
});
