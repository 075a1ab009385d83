import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@vestibule/contract';
import { tokenFromLink, uniqueEmail } from '../helpers/harness.js';
import { approveApp as approveAppOn, refreshApp, resetTokenIn, RP, userinfo as userinfoOn } from '../helpers/idp-app.js';
import type { ListeningServer } from '../helpers/listening.js';
import { addEmail, addPhone } from '../helpers/account.js';
import { codeIn, OTP } from '../helpers/otp.js';
import { sharedListening } from '../helpers/shared-stack.js';

/**
 * Issue 38, points 1 and 2: someone who took over an account kept ways in after the owner reset
 * the password: the access and refresh tokens of an app they approved (offline_access), and any
 * login link, passcode or reset link sent before, the passwordless link of the reset email itself
 * included. Now a reset, and every other sign-out everywhere (today: the first proof of an email
 * that removes a planted password), ends all of them. Over real sockets.
 */
const NEW_PASSWORD = 'orbit Pickle 74 lantern quasar';
const PLANTED = 'Attacker planted this 4 you!';

let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

const approveApp = (session: string) => approveAppOn(s, session);
const refresh = (token: string) => refreshApp(s, token);
const userinfo = (access: string) => userinfoOn(s, access);

/** What the intruder holds besides a session: an app's tokens (rotated once, as an app does) and, sent to the address, a login link, a passcode and a reset link. */
async function waysIn(email: string, session: string) {
  const first = await approveApp(session);
  const rotated = await refresh(first.refresh);
  expect(rotated.status).toBe(200);
  const app = { access: rotated.body.access_token as string, refresh: rotated.body.refresh_token as string };
  expect((await userinfo(app.access)).status).toBe(200);
  expect((await s.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email })).status).toBe(200);
  const loginLink = tokenFromLink((await s.outbox(email))[0]!.text).token;
  const passcodeSent = await s.send('POST', OTP.email, { email });
  expect(passcodeSent.status).toBe(200);
  const passcode = { code: codeIn((await s.outbox(email))[0]!.text), method_id: passcodeSent.body.method_id as string };
  expect((await s.send('POST', '/sdk/v1/passwords/email/reset/start', { email })).status).toBe(200);
  const resetLink = resetTokenIn((await s.outbox(email))[0]!.text);
  return { app, loginLink, passcode, resetLink };
}

/** Every one of them is refused, each as its endpoint words it. */
async function expectAllRefused(ways: Awaited<ReturnType<typeof waysIn>>, intruderSession: string) {
  const info = await userinfo(ways.app.access);
  expect(info.status).toBe(401);
  expect(info.body.error).toBe('invalid_token');
  const refreshed = await refresh(ways.app.refresh);
  expect(refreshed.status).toBe(400);
  expect(refreshed.body.error).toBe('invalid_grant');
  const link = await s.send('POST', '/sdk/v1/magic_links/authenticate', { token: ways.loginLink });
  expect(link.status).toBe(401);
  expect(link.body.error_type).toBe('unable_to_auth_magic_link');
  const passcode = await s.send('POST', OTP.authenticate, ways.passcode);
  expect(passcode.status).toBe(401);
  expect(passcode.body.error_type).toBe('otp_code_expired');
  const reset = await s.send('POST', '/sdk/v1/passwords/email/reset', { token: ways.resetLink, password: 'intruder Chose 99 this one too' });
  expect(reset.body.error_type).toBe('invalid_reset_token');
  const me = await s.send('GET', '/sdk/v1/users/me', undefined, { session: intruderSession });
  expect(me.status).toBe(401);
  expect(me.body.error_type).toBe('session_not_found');
}

describe('a password reset ends every way in the old owner had', () => {
  it("the app tokens, an earlier login link, passcode and reset link, the reset email's own login link and the session are refused after the reset", async () => {
    const email = uniqueEmail('taken-over');
    const intruder = await s.signInByLink(email);
    const ways = await waysIn(email, intruder.session_token);

    // The owner resets the password from the email's reset link.
    expect((await s.send('POST', '/sdk/v1/passwords/email/reset/start', { email })).status).toBe(200);
    const resetEmail = (await s.outbox(email))[0]!.text;
    const ownReset = await s.send<SessionResponse>('POST', '/sdk/v1/passwords/email/reset', { token: resetTokenIn(resetEmail), password: NEW_PASSWORD });
    expect(ownReset.status).toBe(200);

    await expectAllRefused(ways, intruder.session_token);
    // The passwordless link that came in the same email as the reset link.
    const emailsOwnLink = await s.send('POST', '/sdk/v1/magic_links/authenticate', { token: tokenFromLink(resetEmail).token });
    expect(emailsOwnLink.body.error_type).toBe('unable_to_auth_magic_link');

    // The owner is signed in, and the app the intruder approved asks the owner before it gets anything.
    expect((await s.send('GET', '/sdk/v1/users/me', undefined, { session: ownReset.body.session_token })).status).toBe(200);
    const preflight = await s.send(
      'POST',
      '/sdk/v1/oauth2/authorize/start',
      { client_id: 'demo-rp', redirect_uri: RP, response_type: 'code', scope: 'openid offline_access', code_challenge: 'x'.repeat(43), state: 's' },
      { session: ownReset.body.session_token },
    );
    expect(preflight.status, JSON.stringify(preflight.body)).toBe(200);
    expect(preflight.body.consent_required).toBe(true);
    // Links and apps sent or approved after the reset work.
    const after = await approveApp(ownReset.body.session_token);
    expect((await userinfo(after.access)).status).toBe(200);
    expect((await refresh(after.refresh)).status).toBe(200);
  });

  it('an address and a number the intruder added on the account page are gone after the reset: neither signs in as the owner', async () => {
    const email = uniqueEmail('taken-over-page');
    const signed = await s.signInByLink(email);
    const intruder = { email, session: signed.session_token, userId: signed.user_id, from: '127.0.0.1', user: signed.user };
    const theirEmail = uniqueEmail('intruders-own');
    const theirPhone = '+16502530077';
    await addEmail(s, intruder, theirEmail);
    const added = await addPhone(s, intruder, theirPhone);
    expect(added.emails.map((e) => e.email)).toEqual([email, theirEmail]);

    expect((await s.send('POST', '/sdk/v1/passwords/email/reset/start', { email })).status).toBe(200);
    const ownReset = await s.send<SessionResponse>('POST', '/sdk/v1/passwords/email/reset', {
      token: resetTokenIn((await s.outbox(email))[0]!.text),
      password: NEW_PASSWORD,
    });
    expect(ownReset.status).toBe(200);
    expect(ownReset.body.user.emails.map((e) => e.email)).toEqual([email]);
    expect(ownReset.body.user.phone_numbers).toEqual([]);

    // Signing in by them now makes users of their own, never the owner.
    const byEmail = await s.signInByLink(theirEmail);
    expect(byEmail.user_id).not.toBe(signed.user_id);
    const texted = await s.send('POST', OTP.sms, { phone_number: theirPhone });
    expect(texted.status).toBe(200);
    expect(texted.body.user_id).not.toBe(signed.user_id);
  });

  it('refreshes racing the reset: no token any of them returned works once the reset has answered', async () => {
    const email = uniqueEmail('race');
    const intruder = await s.signInByLink(email);
    const apps = await Promise.all(Array.from({ length: 5 }, () => approveApp(intruder.session_token)));
    expect((await s.send('POST', '/sdk/v1/passwords/email/reset/start', { email })).status).toBe(200);
    const resetLink = resetTokenIn((await s.outbox(email))[0]!.text);

    const [reset, ...refreshes] = await Promise.all([
      s.send('POST', '/sdk/v1/passwords/email/reset', { token: resetLink, password: NEW_PASSWORD }),
      ...apps.map((app) => refresh(app.refresh)),
    ]);
    expect(reset.status).toBe(200);
    const issued = refreshes
      .filter((answer) => answer.status === 200)
      .map((answer) => ({ access: answer.body.access_token as string, refresh: answer.body.refresh_token as string }));
    for (const app of [...apps, ...issued]) {
      expect((await userinfo(app.access)).status).toBe(401);
      expect((await refresh(app.refresh)).body.error).toBe('invalid_grant');
    }
  });
});

describe('every other sign-out everywhere ends them too', () => {
  it("the owner's first proof of an address someone planted a password on: their app tokens, earlier secrets and session are refused", async () => {
    const email = uniqueEmail('planted');
    const planter = await s.send<SessionResponse>('POST', '/sdk/v1/passwords', { email, password: PLANTED }, { from: '127.0.0.67' });
    expect(planter.status).toBe(200);
    const ways = await waysIn(email, planter.body.session_token);

    // The owner signs in by a link of their own, which proves the address.
    const owner = await s.signInByLink(email, '127.0.0.68');
    expect(owner.user_id).toBe(planter.body.user_id);
    expect(owner.user.password).toBeNull();

    await expectAllRefused(ways, planter.body.session_token);
  });
});
