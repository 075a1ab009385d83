import { describe, expect, it } from 'vitest';
import type { SessionResponse } from '@vestibule/contract';
import { asPerson, loopback, type Person, signedIn } from '../helpers/account.js';
import { devOAuthLanding, exchangeOAuthToken } from '../helpers/dev-oauth.js';
import { uniqueEmail } from '../helpers/harness.js';
import type { ListeningServer } from '../helpers/listening.js';
import { codeIn, OTP, signInByPasscode, uniquePhone } from '../helpers/otp.js';
import { registerPasskey, signInWithPasskey } from '../helpers/passkey-ceremonies.js';
import { sharedListening } from '../helpers/shared-stack.js';
import { SoftAuthenticator } from '../helpers/soft-authenticator.js';
import { ORIGIN } from '../helpers/test-config.js';
import { ethereumWallet, signInWithWallet } from '../helpers/wallets.js';
import { durationOf, factorsOf, firstStepByLink, heldToken, nextCode, turnOn, withAppCode } from './helpers.js';

/**
 * Every first factor of a user who has two-step verification on answers an intermediate session,
 * not a session; the app's code then gives the session, whose factors list the first factor and
 * the app's. A passkey that verified its user is both factors at once. Over real sockets, on the
 * real clock (the app's codes are computed as the phone would).
 */
const PASSWORD = 'orbit Pickle 74 lantern quasar';
const TOTP = 'totp/authenticator_app';

/** A way to sign in: a user who has it (signed in with it, so the sign-in is recent) and the same sign-in again. */
interface FirstFactor {
  name: string;
  factor: string;
  user(s: ListeningServer): Promise<{ who: Pick<Person, 'session' | 'from'>; again(): Promise<unknown> }>;
}

/** Signs in with a passcode texted to `phone`: the answer. */
async function bySms(s: ListeningServer, phone: string, from: string): Promise<any> {
  const sent = await s.send('POST', OTP.sms, { phone_number: phone }, { from });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const used = await s.send('POST', OTP.authenticate, { method_id: sent.body.method_id, code: codeIn((await s.outbox(phone))[0]!.text) }, { from });
  expect(used.status, JSON.stringify(used.body)).toBe(200);
  return used.body;
}

/** Signs in through the development provider as `email` (it answers this machine's own address only). */
async function bySocialAccount(s: ListeningServer, email: string): Promise<any> {
  const used = await exchangeOAuthToken(s, await devOAuthLanding(s, { provider: 'github', email }));
  expect(used.status, JSON.stringify(used.body)).toBe(200);
  return used.body;
}

const FIRST_FACTORS: FirstFactor[] = [
  {
    name: 'a magic link',
    factor: 'magic_link/email',
    async user(s) {
      const who = await signedIn(s, 'link');
      return { who, again: () => firstStepByLink(s, who.email, who.from) };
    },
  },
  {
    name: 'an emailed passcode',
    factor: 'otp/email',
    async user(s) {
      const who = await signedIn(s, 'passcode');
      return { who, again: () => signInByPasscode(s, who.email, { from: who.from }) };
    },
  },
  {
    name: 'a texted passcode',
    factor: 'otp/sms',
    async user(s) {
      const phone = uniquePhone();
      const from = loopback();
      const first: SessionResponse = await bySms(s, phone, from);
      return { who: { session: first.session_token, from }, again: () => bySms(s, phone, from) };
    },
  },
  {
    name: 'a password',
    factor: 'password/knowledge',
    async user(s) {
      const who = await signedIn(s, 'password');
      expect((await asPerson(s, who, 'password', { password: PASSWORD })).status).toBe(200);
      return {
        who,
        again: async () => (await s.send('POST', '/sdk/v1/passwords/authenticate', { email: who.email, password: PASSWORD }, { from: who.from })).body,
      };
    },
  },
  {
    name: 'a social account',
    factor: 'oauth/oauth',
    async user(s) {
      const email = uniqueEmail('social');
      const first: SessionResponse = await bySocialAccount(s, email);
      return { who: { session: first.session_token, from: '127.0.0.1' }, again: () => bySocialAccount(s, email) };
    },
  },
  {
    name: 'a wallet',
    factor: 'crypto/crypto',
    async user(s) {
      const wallet = ethereumWallet();
      const from = loopback();
      const first = await signInWithWallet(s, wallet, { from });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      return {
        who: { session: first.body.session_token, from },
        again: async () => (await signInWithWallet(s, wallet, { from })).body,
      };
    },
  },
];

describe('a first factor of a user with two-step verification', () => {
  for (const way of FIRST_FACTORS) {
    it(`${way.name}: an intermediate session (no session), then the app's code gives the session with both factors`, async () => {
      const s = await sharedListening();
      const { who, again } = await way.user(s);
      const { secret } = await turnOn(s, who);
      const token = heldToken(await again());
      const done = await withAppCode(s, token, nextCode(secret), who.from);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(factorsOf(done.body)).toEqual([way.factor, TOTP]);
      expect(done.body.session_token).toEqual(expect.any(String));
      // The session works like any other.
      const me = await s.send('GET', '/sdk/v1/users/me', undefined, { session: done.body.session_token, from: who.from });
      expect(me.body.user_id).toBe(done.body.user_id);
    });
  }

  it('a passkey that verified its user is both factors: it signs in directly, its one factor the passkey', async () => {
    const s = await sharedListening();
    const who = await signedIn(s, 'passkey');
    const authenticator = new SoftAuthenticator(ORIGIN);
    expect((await registerPasskey(s, authenticator, { session: who.session, from: who.from })).status).toBe(200);
    await turnOn(s, who);
    const signed = await signInWithPasskey(s, authenticator, { from: who.from });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body).toMatchObject({ user_id: who.userId, session_token: expect.any(String) });
    expect(factorsOf(signed.body)).toEqual(['webauthn/webauthn']);
  });

  it('a sign-in with the same live session (confirming it is you) adds to that session and asks for no code', async () => {
    const s = await sharedListening();
    const who = await signedIn(s, 'confirm');
    await turnOn(s, who);
    const again = await signInByPasscode(s, who.email, { session: who.session, from: who.from });
    expect(again.session_token).toBe(who.session);
    expect(factorsOf(again)).toEqual(['magic_link/email', 'otp/email']);
  });
});

describe("the session's duration", () => {
  it('is the one the first step asked for, unless the second step names one', async () => {
    const s = await sharedListening();
    const who = await signedIn(s, 'duration');
    const { recoveryCodes, secret } = await turnOn(s, who);
    const asked = heldToken(await firstStepByLink(s, who.email, who.from, { session_duration_minutes: 120 }));
    const kept = await withAppCode(s, asked, nextCode(secret), who.from);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(durationOf(kept.body)).toBe(120);

    const renamed = heldToken(await firstStepByLink(s, who.email, who.from, { session_duration_minutes: 120 }));
    const named = await s.send(
      'POST',
      '/sdk/v1/two_step/recovery_codes/authenticate',
      { intermediate_session_token: renamed, recovery_code: recoveryCodes[0], session_duration_minutes: 45 },
      { from: who.from },
    );
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(durationOf(named.body)).toBe(45);
  });
});
