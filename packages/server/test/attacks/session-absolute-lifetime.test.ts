import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@vestibule/contract';
import { uniqueEmail } from '../helpers/harness.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import { testConfig } from '../helpers/test-config.js';

/**
 * Issue 38, point 4: each check with session_duration_minutes pushed expires_at out by the
 * duration again, so a session (a stolen token) kept busy never ended. Sessions now end at an
 * absolute lifetime from their sign-in (project.maxSessionAgeMinutes; 60 minutes here), on the
 * check's hot path (served from memory) and on every route that takes a session. The server's
 * clock is the test's, moved a few minutes at a time; over real sockets.
 */
const MAX_AGE = 60;
const MINUTE = 60_000;
let time = Date.now();
const clock = () => new Date(time);
const later = (minutes: number) => {
  time += minutes * MINUTE;
};

let s: ListeningServer;
beforeAll(async () => {
  s = await startListening({ project: { ...testConfig().project, maxSessionAgeMinutes: MAX_AGE } }, {}, undefined, clock);
});
afterAll(() => s.close());

const check = (session: string, body: Record<string, unknown> = { session_duration_minutes: 30 }) =>
  s.send('POST', '/sdk/v1/sessions/authenticate', body, { session });

describe('a session checked again and again', () => {
  it('is extended up to its absolute lifetime from the sign-in and not a minute past it, then refused everywhere', async () => {
    const signedIn = await s.signInByLink(uniqueEmail('busy'));
    const start = Date.parse(signedIn.session.started_at);
    const end = start + MAX_AGE * MINUTE;
    let last: SessionResponse | undefined;
    // Every 7 minutes, each check asking for 30 more: without the limit it would never end.
    while (time + 7 * MINUTE < end) {
      later(7);
      const answer = await check(signedIn.session_token);
      expect(answer.status).toBe(200);
      // A second check at once is answered from memory, with the same expiry.
      expect((await check(signedIn.session_token, {})).body.session.expires_at).toBe(answer.body.session.expires_at);
      expect(Date.parse(answer.body.session.expires_at)).toBe(Math.min(time + 30 * MINUTE, end));
      last = answer.body;
    }
    expect(Date.parse(last!.session.expires_at)).toBe(end);
    // Past the end: the hot path, the route behind it and a route that takes a session all refuse it.
    time = end + 1000;
    const refused = await check(signedIn.session_token);
    expect(refused.status).toBe(401);
    expect(refused.body.error_type).toBe('session_not_found');
    expect((await check(signedIn.session_token, {})).status).toBe(401);
    expect((await s.send('GET', '/sdk/v1/users/me', undefined, { session: signedIn.session_token })).body.error_type).toBe('session_not_found');
  });

  it('a sign-in that adds to the session does not restart its lifetime', async () => {
    const email = uniqueEmail('added');
    const signedIn = await s.signInByLink(email);
    const end = Date.parse(signedIn.session.started_at) + MAX_AGE * MINUTE;
    expect((await check(signedIn.session_token, { session_duration_minutes: MAX_AGE })).status).toBe(200);
    later(50);
    // A passcode sign-in carrying the session's token adds its factor to the same session.
    const sent = await s.send('POST', '/sdk/v1/otps/email/login_or_create', { email });
    const code = /\b(\d{6})\b/.exec((await s.outbox(email))[0]!.text)![1];
    const added = await s.send<SessionResponse>(
      'POST',
      '/sdk/v1/otps/authenticate',
      { code, method_id: sent.body.method_id, session_duration_minutes: 30 },
      { session: signedIn.session_token },
    );
    expect(added.status).toBe(200);
    expect(added.body.session.session_id).toBe(signedIn.session.session_id);
    expect(Date.parse(added.body.session.expires_at)).toBe(end);
    time = end + 1000;
    expect((await check(signedIn.session_token)).status).toBe(401);
  });
});

describe('a lifetime lowered after sessions were made', () => {
  it('ends a session older than the new lifetime though its stored expiry is later', async () => {
    const first = await startListening({}, {}, undefined, clock);
    const signedIn = await first.signInByLink(uniqueEmail('lowered'));
    const extended = await first.send('POST', '/sdk/v1/sessions/authenticate', { session_duration_minutes: 600 }, { session: signedIn.session_token });
    expect(extended.status).toBe(200);
    await first.close();
    const lowered = await startListening(
      { dataDir: first.config.dataDir, project: { ...first.config.project, maxSessionAgeMinutes: MAX_AGE } },
      {},
      undefined,
      clock,
    );
    try {
      expect((await lowered.send('POST', '/sdk/v1/sessions/authenticate', {}, { session: signedIn.session_token })).status).toBe(200);
      later(MAX_AGE + 1);
      const refused = await lowered.send('POST', '/sdk/v1/sessions/authenticate', {}, { session: signedIn.session_token });
      expect(refused.status).toBe(401);
      expect(refused.body.error_type).toBe('session_not_found');
    } finally {
      await lowered.close();
    }
  });
});
