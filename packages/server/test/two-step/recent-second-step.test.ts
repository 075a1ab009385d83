import { describe, expect, it } from 'vitest';
import type { SessionResponse, User } from '@vestibule/contract';
import { asPerson, expectError, type Person, signedIn } from '../helpers/account.js';
import type { TestClock } from '../helpers/harness.js';
import { type Answer, clockedServer, type ListeningServer } from '../helpers/listening.js';
import { signInByPasscode } from '../helpers/otp.js';
import { registerPasskey, signInWithPasskey } from '../helpers/passkey-ceremonies.js';
import { SoftAuthenticator } from '../helpers/soft-authenticator.js';
import { ORIGIN } from '../helpers/test-config.js';
import { together } from '../helpers/together.js';
import { appCode, CONFIRM, factorsOf, tally, turnOn, wrongCodes } from './helpers.js';

/**
 * While two-step verification is on, turning it off, new recovery codes and registering a passkey
 * (which signs in alone) need the second step proven recently in the session: a session someone
 * holds (stolen, left open) plus the password, signed in again on it, is not enough. The account
 * page proves the step on the session with a code from the app or a recovery code (the confirm
 * routes). Over real sockets; the server's clock moves only when a test moves it (how a sign-in
 * gets old), and the app's codes are computed at the server's time.
 */
let s: ListeningServer;
let clock: TestClock;
clockedServer((started) => ({ s, clock } = started));

const PASSWORD = 'orbit Pickle 74 lantern quasar';
/** Longer than the project's reauthenticationMinutes (10). */
const STALE_MINUTES = 11;

const me = async (who: Person) => (await s.send<User>('GET', '/sdk/v1/users/me', undefined, { session: who.session, from: who.from })).body;
const sendAppCode = (who: Person, code: string, bodyAfter?: Promise<unknown>) =>
  s.send<SessionResponse>('POST', CONFIRM.totp, { code }, { session: who.session, from: who.from, bodyAfter });
const sendRecoveryCode = (who: Person, code: string) => s.send('POST', CONFIRM.recoveryCode, { recovery_code: code }, { session: who.session, from: who.from });
const turnOff = (who: Person) => asPerson<User>(s, who, 'two_step/delete', {});
const newRecoveryCodes = (who: Person) => asPerson(s, who, 'two_step/recovery_codes', {});
const passkey = (who: Person, authenticator = new SoftAuthenticator(ORIGIN)) => registerPasskey(s, authenticator, { session: who.session, from: who.from });
/** A key registered as a second factor (is_passkey false), start and finish. */
async function securityKey(who: Person): Promise<Answer> {
  const options = { session: who.session, from: who.from };
  const start = await s.send('POST', '/sdk/v1/webauthn/register/start', { is_passkey: false }, options);
  if (start.status !== 200) return start;
  const credential = new SoftAuthenticator(ORIGIN).register(start.body.public_key_credential_creation_options);
  return s.send('POST', '/sdk/v1/webauthn/register', { public_key_credential: credential }, options);
}

/** The password signed in again on the person's own (Bearer) session: the sign-in is recent again, with a first factor only. */
async function passwordAgain(who: Person): Promise<SessionResponse> {
  const again = await s.send<SessionResponse>(
    'POST',
    '/sdk/v1/passwords/authenticate',
    { email: who.email, password: PASSWORD },
    { session: who.session, from: who.from },
  );
  expect(again.status, JSON.stringify(again.body)).toBe(200);
  expect(again.body.session_token).toBe(who.session);
  return again.body;
}

/** Someone with a password and the app on, whose session's last sign-in is no longer recent. */
async function staleWithApp(label: string): Promise<Person & { secret: string; recoveryCodes: string[] }> {
  const who = await signedIn(s, label);
  expect((await asPerson(s, who, 'password', { password: PASSWORD })).status).toBe(200);
  const app = await turnOn(s, who, clock());
  clock.advanceMinutes(STALE_MINUTES);
  return { ...who, ...app };
}

/** The change was refused for want of the second step: 403 reauthentication_required, asking for the app's code. */
function expectSecondStepAsked(answer: Answer): void {
  expectError(answer, 403, 'reauthentication_required');
  expect(answer.body.error_message).toContain('authenticator app');
}

describe('with two-step verification on, a first factor signed in again on the session', () => {
  it('turns nothing off, replaces no recovery codes and registers no passkey nor security key; a code from the app then lets each through', async () => {
    const who = await staleWithApp('stale');
    const again = await passwordAgain(who);
    expect(factorsOf(again)).toContain('password/knowledge');

    expectSecondStepAsked(await turnOff(who));
    expectSecondStepAsked(await newRecoveryCodes(who));
    expectSecondStepAsked(await passkey(who));
    expectSecondStepAsked(await securityKey(who));
    // Nothing changed: still on, the owner's ten codes still theirs, no credential added.
    const unchanged = await me(who);
    expect(unchanged.totp).toMatchObject({ recovery_codes_remaining: 10 });
    expect(unchanged.webauthn_registrations).toEqual([]);

    const confirmed = await sendAppCode(who, appCode(who.secret, clock()));
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    // The factor is added to the same session, as a sign-in with the Bearer token would.
    expect(confirmed.body.session_token).toBe(who.session);
    expect(factorsOf(confirmed.body)).toEqual(['magic_link/email', 'password/knowledge', 'totp/authenticator_app']);
    expect((await newRecoveryCodes(who)).status).toBe(200);
    expect((await passkey(who)).status).toBe(200);
    const off = await turnOff(who);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.totp).toBeNull();
  });

  it('is not enough once the second step is old too: the app is asked for again', async () => {
    const who = await staleWithApp('old-step');
    expect((await sendAppCode(who, appCode(who.secret, clock()))).status).toBe(200);
    clock.advanceMinutes(STALE_MINUTES);
    await signInByPasscode(s, who.email, { session: who.session, from: who.from });
    expectSecondStepAsked(await turnOff(who));
  });

  it('a recovery code proves the step as well, once; the answer says how many are left', async () => {
    const who = await staleWithApp('recovery');
    await passwordAgain(who);
    const confirmed = await sendRecoveryCode(who, who.recoveryCodes[0]!);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.recovery_codes_remaining).toBe(9);
    expect(factorsOf(confirmed.body)).toContain('recovery_code/recovery_code');
    expectError(await sendRecoveryCode(who, who.recoveryCodes[0]!), 401, 'invalid_recovery_code');
    expect((await turnOff(who)).status).toBe(200);
  });

  it("a passkey of the user's counts, unless this session registered it itself", async () => {
    const who = await signedIn(s, 'passkey');
    const authenticator = new SoftAuthenticator(ORIGIN);
    expect((await passkey(who, authenticator)).status).toBe(200);
    await turnOn(s, who, clock());
    // The session that registered the passkey proves nothing by using it: it could have made it just now.
    expect((await signInWithPasskey(s, authenticator, { session: who.session, from: who.from })).status).toBe(200);
    expectSecondStepAsked(await newRecoveryCodes(who));
    // A sign-in with the passkey alone (both factors) is a session that may turn it off.
    const signedInByPasskey = await signInWithPasskey(s, authenticator, { from: who.from });
    expect(signedInByPasskey.status, JSON.stringify(signedInByPasskey.body)).toBe(200);
    const other = { ...who, session: signedInByPasskey.body.session_token };
    expect((await turnOff(other)).status).toBe(200);
  });
});

describe('without two-step verification', () => {
  it('any factor signed in again is enough, as before: a passkey after a password, and the two-step changes answer totp_not_enabled', async () => {
    const who = await signedIn(s, 'no-app');
    expect((await asPerson(s, who, 'password', { password: PASSWORD })).status).toBe(200);
    clock.advanceMinutes(STALE_MINUTES);
    expectError(await passkey(who), 403, 'reauthentication_required');
    await passwordAgain(who);
    expect((await passkey(who)).status).toBe(200);
    expectError(await newRecoveryCodes(who), 400, 'totp_not_enabled');
    expectError(await turnOff(who), 400, 'totp_not_enabled');
  });
});

describe('confirming with a code from the app', () => {
  it('refuses a wrong code, one of another shape, a code used already in its 30 seconds, and a user without the app', async () => {
    const who = await staleWithApp('confirm-refusals');
    expectError(await sendAppCode(who, wrongCodes(who.secret, 1, clock())[0]!), 401, 'invalid_totp_code');
    expectError(await sendAppCode(who, '12345'), 400, 'invalid_code');
    const code = appCode(who.secret, clock());
    expect((await sendAppCode(who, code)).status).toBe(200);
    expectError(await sendAppCode(who, code), 401, 'totp_code_already_used');
    expectError(await sendAppCode(await signedIn(s, 'confirm-no-app'), '123456'), 400, 'totp_not_enabled');
    expectError(await s.send('POST', CONFIRM.totp, { code }, { from: who.from }), 401, 'user_unauthenticated');
  });

  it('50 different wrong codes sent together: at most the limit are checked, the rest locked out', async () => {
    const rule = s.config.rateLimits.twoStepLockout;
    const who = await staleWithApp('confirm-guesses');
    const codes = wrongCodes(who.secret, 50, clock());
    const counts = tally(await together(50, (n, gate) => sendAppCode(who, codes[n]!, gate)));
    expect(Object.keys(counts).sort(), JSON.stringify(counts)).toEqual(['401 invalid_totp_code', '429 user_lock_limit_reached']);
    expect(counts['401 invalid_totp_code'], JSON.stringify(counts)).toBeLessThanOrEqual(rule.maxFailures);
    // Locked out, the right code too: the confirm route counts with the sign-in's step.
    expectError(await sendAppCode(who, appCode(who.secret, clock())), 429, 'user_lock_limit_reached');
  });

  it('50 copies of the right code sent together: one confirms; the others find it used, or are locked out as replays count', async () => {
    const who = await staleWithApp('confirm-copies');
    const code = appCode(who.secret, clock());
    const counts = tally(await together(50, (_n, gate) => sendAppCode(who, code, gate)));
    expect(counts['200'], JSON.stringify(counts)).toBe(1);
    for (const key of Object.keys(counts)) expect(['200', '401 totp_code_already_used', '429 user_lock_limit_reached'], JSON.stringify(counts)).toContain(key);
  });
});
