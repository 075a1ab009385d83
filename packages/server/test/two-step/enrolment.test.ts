import { TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { User } from '@vestibule/contract';
import { asPerson, expectError, type Person, signedIn } from '../helpers/account.js';
import { uniqueEmail, type TestClock } from '../helpers/harness.js';
import { clockedServer, type ListeningServer } from '../helpers/listening.js';
import { signInByPasscode } from '../helpers/otp.js';
import { sharedHarness } from '../helpers/shared-stack.js';
import { appCode, confirmWithApp, firstStepByLink, turnOn, wrongCodes } from './helpers.js';

/**
 * Turning two-step verification on from the account page, over real sockets: a key and its
 * otpauth:// URI (create), then a code from the app (enrol), which answers the User and ten
 * recovery codes. The server's clock moves only when a test moves it (how a sign-in, or a key
 * shown, gets old), and the app's codes are computed at the server's time.
 */
let s: ListeningServer;
let clock: TestClock;
clockedServer((started) => ({ s, clock } = started));

const create = (who: Person) => asPerson(s, who, 'two_step/totp/create', {});
const enrol = (who: Person, code: string) => asPerson(s, who, 'two_step/totp/enrol', { code });
const me = async (who: Person) => (await s.send<User>('GET', '/sdk/v1/users/me', undefined, { session: who.session, from: who.from })).body;

describe('adding an authenticator app', () => {
  it('answers the User with two-step verification on and ten different recovery codes of the form abcd-efgh', async () => {
    const who = await signedIn(s, 'enrol');
    expect(who.user.totp).toBeNull();
    const created = await create(who);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const enrolled = await enrol(who, appCode(created.body.secret, clock()));
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    expect(enrolled.body).toMatchObject({ user_id: who.userId, totp: { totp_id: expect.any(String), recovery_codes_remaining: 10 } });
    expect(Date.parse(enrolled.body.totp.created_at)).toBe(clock().getTime());
    const codes: string[] = enrolled.body.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}$/);
    expect((await me(who)).totp).toEqual(enrolled.body.totp);
  });

  it("gives an otpauth:// URI naming the project as issuer and the person's primary email as account, SHA1, 6 digits, 30 seconds, with the key", async () => {
    const who = await signedIn(s, 'uri');
    const created = await create(who);
    expect(created.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = URI.parse(created.body.otpauth_uri) as TOTP;
    expect(uri).toBeInstanceOf(TOTP);
    expect({ issuer: uri.issuer, label: uri.label, algorithm: uri.algorithm, digits: uri.digits, period: uri.period, secret: uri.secret.base32 }).toEqual({
      issuer: 'Vestibule Demo',
      label: who.email,
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: created.body.secret,
    });
  });

  it('refuses a wrong code (invalid_totp_code) and one of another shape (invalid_code), and stays off', async () => {
    const who = await signedIn(s, 'wrong');
    const { secret } = (await create(who)).body;
    expectError(await enrol(who, wrongCodes(secret, 1, clock())[0]!), 401, 'invalid_totp_code');
    expectError(await enrol(who, '12345'), 400, 'invalid_code');
    expectError(await enrol(who, 'abcdef'), 400, 'invalid_code');
    expect((await me(who)).totp).toBeNull();
    // The right code still turns it on: the refusals spent nothing but tries.
    expect((await enrol(who, appCode(secret, clock()))).status).toBe(200);
  });

  it('a second key replaces the first while it is not on: the first key turns nothing on', async () => {
    const who = await signedIn(s, 'replace');
    const first = (await create(who)).body.secret as string;
    const second = (await create(who)).body.secret as string;
    expect(second).not.toBe(first);
    expectError(await enrol(who, appCode(first, clock())), 401, 'invalid_totp_code');
    expect((await enrol(who, appCode(second, clock()))).status).toBe(200);
  });

  it('once on, neither a new key nor another enrolment: totp_already_enabled, and the app keeps working', async () => {
    const who = await signedIn(s, 'already');
    const { secret } = await turnOn(s, who, clock());
    expectError(await create(who), 400, 'totp_already_enabled');
    expectError(await enrol(who, appCode(secret, new Date(clock().getTime() + 30_000))), 400, 'totp_already_enabled');
    expect((await me(who)).totp).not.toBeNull();
  });

  it('a code with no key shown, or for a key shown more than 30 minutes ago, is totp_enrolment_not_started', async () => {
    const who = await signedIn(s, 'expired');
    // A session that lasts longer than the key shown in it.
    const longer = await s.send('POST', '/sdk/v1/sessions/authenticate', { session_duration_minutes: 120 }, { session: who.session, from: who.from });
    expect(longer.status).toBe(200);
    expectError(await enrol(who, '123456'), 400, 'totp_enrolment_not_started');
    const { secret } = (await create(who)).body;
    clock.advanceMinutes(31);
    // Half an hour on, the page asks the person to confirm it is them first; then the key has expired.
    await signInByPasscode(s, who.email, { session: who.session, from: who.from });
    expectError(await enrol(who, appCode(secret, clock())), 400, 'totp_enrolment_not_started');
    expect((await me(who)).totp).toBeNull();
  });

  it('a key shown but never turned on does not hold a sign-in back', async () => {
    const who = await signedIn(s, 'pending');
    expect((await create(who)).status).toBe(200);
    const again = await firstStepByLink(s, who.email, who.from);
    expect(again).toMatchObject({ user_id: who.userId, session_token: expect.any(String) });
  });
});

describe('a recent sign-in', () => {
  it('is needed to add a key, turn it on, turn it off and get new recovery codes (403 reauthentication_required); a new sign-in lifts it, with the app confirmed to turn it off or get new codes', async () => {
    const who = await signedIn(s, 'stale');
    const { secret: appKey, recoveryCodes } = await turnOn(s, who, clock());
    const stale = await signedIn(s, 'stale-pending');
    const { secret } = (await create(stale)).body;
    clock.advanceMinutes(11);
    expectError(await create(who), 403, 'reauthentication_required');
    expectError(await enrol(stale, appCode(secret, clock())), 403, 'reauthentication_required');
    expectError(await asPerson(s, who, 'two_step/delete', {}), 403, 'reauthentication_required');
    expectError(await asPerson(s, who, 'two_step/recovery_codes', {}), 403, 'reauthentication_required');
    // Nothing changed: still on with its ten codes, and the other person's key still off.
    expect((await me(who)).totp).toMatchObject({ recovery_codes_remaining: recoveryCodes.length });
    expect((await me(stale)).totp).toBeNull();

    await signInByPasscode(s, who.email, { session: who.session, from: who.from });
    // The app is on: a first factor signed in again does not turn it off (recent-second-step.test.ts); its code does.
    expectError(await asPerson(s, who, 'two_step/recovery_codes', {}), 403, 'reauthentication_required');
    await confirmWithApp(s, who, appKey, clock());
    expect((await asPerson(s, who, 'two_step/recovery_codes', {})).status).toBe(200);
    expect((await asPerson<User>(s, who, 'two_step/delete', {})).body.totp).toBeNull();
  });
});

describe('the key at rest', () => {
  it('is not stored in the clear, nor are the recovery codes', async () => {
    const h = await sharedHarness();
    const email = uniqueEmail('at-rest');
    const { session_token: session, user_id: userId } = await h.signIn(email);
    const created = await h.json('POST', '/sdk/v1/account/two_step/totp/create', {}, { session });
    const secret: string = created.body.secret;
    const enrolled = await h.json('POST', '/sdk/v1/account/two_step/totp/enrol', { code: appCode(secret, h.clock()) }, { session });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    const key = await h.server.db.selectFrom('totp_keys').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    const stored = JSON.stringify(key).toLowerCase();
    expect(stored).not.toContain(secret.toLowerCase());
    expect(stored).not.toContain(Buffer.from(secret).toString('base64').toLowerCase());
    const codes = JSON.stringify(await h.server.db.selectFrom('recovery_codes').selectAll().where('user_id', '=', userId).execute());
    for (const code of enrolled.body.recovery_codes as string[]) {
      expect(codes).not.toContain(code);
      expect(codes).not.toContain(code.replace('-', ''));
    }
  });
});
