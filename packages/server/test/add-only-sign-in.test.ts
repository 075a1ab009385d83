import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeSignIn, type SignInDeps } from '../src/kernel/sessions/complete-sign-in.js';
import { startHarness, uniqueEmail, type Harness } from './helpers/harness.js';

/**
 * A proof that only adds to the session it came with (the account page's confirmation with the
 * app's code, a passkey the session registers) never starts a session of its own: were that session
 * to end between its check and the addition (signed out, reset), the proof alone, one factor, would
 * otherwise become a new session.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('a sign-in that only adds to its session', () => {
  it('is session_not_found once that session has ended, and writes no session', async () => {
    const signed = await h.signIn(uniqueEmail('add-only'));
    expect((await h.call('POST', '/sdk/v1/sessions/revoke', {}, { session: signed.session_token })).status).toBe(200);
    const sessions = () => h.server.db.selectFrom('sessions').select('session_id').where('user_id', '=', signed.user_id).execute();
    const before = (await sessions()).length;
    // What the addition reads before it would start anything: the database and the session rules.
    const deps = { db: h.server.db, config: h.config, log: { info() {}, warn() {}, error() {} }, signInHolds: [] } as unknown as SignInDeps;
    const confirmation = completeSignIn(deps, {
      requestId: 'request-add-only',
      client: { userAgent: null, ipAddress: null },
      bearerToken: signed.session_token,
      userId: signed.user_id,
      factors: [{ type: 'totp', delivery_method: 'authenticator_app', last_authenticated_at: h.clock().toISOString() }],
      durationMinutes: 30,
      durationRequested: false,
      now: h.clock(),
      addOnly: true,
    });
    await expect(confirmation).rejects.toMatchObject({ errorType: 'session_not_found' });
    expect((await sessions()).length).toBe(before);
  });
});
