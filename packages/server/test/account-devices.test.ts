import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountSessionsResponse, SessionResponse } from '@vestibule/contract';
import { asPerson, expectError, loopback, signedIn } from './helpers/account.js';
import { tokenFromLink, uniqueEmail } from './helpers/harness.js';
import type { ListeningServer } from './helpers/listening.js';
import { sharedListening } from './helpers/shared-stack.js';

/** The account page's signed-in devices, over real sockets: listed with their browser and address, signed out one by one or all but this one. */
let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

const MAC_CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Signs in by a magic link from a browser: its user agent and address are the session's. */
async function signInFrom(email: string, from: string, userAgent?: string): Promise<{ session: string; from: string; sessionId: string }> {
  const headers: Record<string, string> = userAgent ? { 'User-Agent': userAgent } : {};
  expect((await s.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email }, { from, headers })).status).toBe(200);
  const { token } = tokenFromLink((await s.outbox(email))[0]!.text);
  const used = await s.send<SessionResponse>('POST', '/sdk/v1/magic_links/authenticate', { token }, { from, headers });
  expect(used.status, JSON.stringify(used.body)).toBe(200);
  return { session: used.body.session_token, from, sessionId: used.body.session.session_id };
}

const alive = async (who: { session: string; from: string }) =>
  (await s.send('GET', '/sdk/v1/users/me', undefined, { session: who.session, from: who.from })).status;

describe('signed-in devices', () => {
  it('lists every live session of the user, newest activity first, with browser, system, address and how it signed in', async () => {
    const email = uniqueEmail('devices');
    const laptop = await signInFrom(email, loopback(), MAC_CHROME);
    const phone = await signInFrom(email, loopback(), IPHONE_SAFARI);
    const bare = await signInFrom(email, loopback());
    const listed = await asPerson<AccountSessionsResponse>(s, laptop, 'sessions');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.sessions.map((device) => device.session_id)).toEqual([bare.sessionId, phone.sessionId, laptop.sessionId]);
    const [none, iphone, mac] = listed.body.sessions;
    expect(mac).toEqual({
      session_id: laptop.sessionId,
      current: true,
      browser: 'Chrome 131',
      os: 'Mac OS 10.15.7',
      device_type: null,
      user_agent: MAC_CHROME,
      ip_address: laptop.from,
      sign_in_methods: ['magic_link'],
      started_at: expect.any(String),
      last_accessed_at: expect.any(String),
    });
    expect(iphone).toMatchObject({ current: false, browser: 'Mobile Safari 17', os: 'iOS 17.5', device_type: 'mobile', ip_address: phone.from });
    expect(none).toMatchObject({ current: false, browser: null, os: null, device_type: null, user_agent: null, ip_address: bare.from });
  });

  it('a user agent longer than any browser sends is kept cut to 512 characters', async () => {
    const device = await signInFrom(uniqueEmail('long-agent'), loopback(), `Mozilla/5.0 ${'x'.repeat(4000)}`);
    const listed = await asPerson<AccountSessionsResponse>(s, device, 'sessions');
    expect(listed.body.sessions[0]!.user_agent).toHaveLength(512);
  });

  it('signs one device out at once; another user’s session, or one already out, is device_not_found', async () => {
    const email = uniqueEmail('revoke');
    const here = await signInFrom(email, loopback());
    const there = await signInFrom(email, loopback());
    const stranger = await signedIn(s);
    const strangersSession = (await asPerson<AccountSessionsResponse>(s, stranger, 'sessions')).body.sessions[0]!.session_id;

    expectError(await asPerson(s, here, 'sessions/revoke', { session_id: strangersSession }), 404, 'device_not_found');
    expect(await alive(stranger)).toBe(200);
    expectError(await asPerson(s, here, 'sessions/revoke', { session_id: 'session-00000000-0000-0000-0000-000000000000' }), 404, 'device_not_found');

    const revoked = await asPerson(s, here, 'sessions/revoke', { session_id: there.sessionId });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body).toEqual({ status_code: 200, request_id: expect.any(String) });
    expectError(await s.send('GET', '/sdk/v1/users/me', undefined, { session: there.session, from: there.from }), 401, 'session_not_found');
    expect((await asPerson<AccountSessionsResponse>(s, here, 'sessions')).body.sessions.map((device) => device.session_id)).toEqual([here.sessionId]);
    expectError(await asPerson(s, here, 'sessions/revoke', { session_id: there.sessionId }), 404, 'device_not_found');
  });

  it('signs every other device out; this one stays, and the other user’s are untouched', async () => {
    const email = uniqueEmail('others');
    const here = await signInFrom(email, loopback());
    const others = [await signInFrom(email, loopback()), await signInFrom(email, loopback())];
    const stranger = await signedIn(s);
    const answer = await asPerson(s, here, 'sessions/revoke_others', {});
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status_code: 200, request_id: expect.any(String), revoked: 2 });
    for (const other of others) expect(await alive(other)).toBe(401);
    expect(await alive(here)).toBe(200);
    expect(await alive(stranger)).toBe(200);
    expect((await asPerson(s, here, 'sessions/revoke_others', {})).body.revoked).toBe(0);
  });
});
