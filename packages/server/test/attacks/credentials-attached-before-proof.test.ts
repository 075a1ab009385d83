import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse, User } from '@vestibule/contract';
import { uniqueEmail } from '../helpers/harness.js';
import { resetTokenIn } from '../helpers/idp-app.js';
import type { ListeningServer } from '../helpers/listening.js';
import { registerPasskey as registerPasskeyOf, signInWithPasskey as signInWithPasskeyOf } from '../helpers/passkey-ceremonies.js';
import { SoftAuthenticator } from '../helpers/soft-authenticator.js';
import { ORIGIN } from '../helpers/test-config.js';
import { sharedListening } from '../helpers/shared-stack.js';
import { ethereumWallet, signInWithWallet } from '../helpers/wallets.js';

/**
 * Found by an outside attack: a passkey or a wallet attached with a planted or stolen session
 * survived the email proof that removes a planted password (account pre-hijacking) and a password
 * reset, and signed in as the victim afterwards with no session at all. Now both remove every
 * passkey and linked wallet of the user (Feature.revokeUser of the passkeys and crypto features):
 * the attacker's passkey is refused, the attacker's wallet is a stranger again (signing with it
 * alone makes a new user of its own, never the victim's), and the victim's user lists neither.
 * A planted password's session attaches neither in the first place since (400 unverified_email:
 * planted-password-ways-in.test.ts), so a stolen session and the owner's reset show it here.
 * Over real sockets.
 */
const NEW_PASSWORD = 'orbit Pickle 74 lantern quasar';
const ATTACKER = '127.0.0.91';
const VICTIM = '127.0.0.92';

let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

/** Signs in with the wallet: with `session` as Bearer that links a wallet seen for the first time to the session's user. */
const signWithWallet = (account: PrivateKeyAccount, session?: string) => signInWithWallet(s, ethereumWallet(account), { session, from: ATTACKER });
const registerPasskey = (authenticator: SoftAuthenticator, session: string) => registerPasskeyOf(s, authenticator, { session, from: ATTACKER });
const signInWithPasskey = (authenticator: SoftAuthenticator) => signInWithPasskeyOf(s, authenticator, { from: ATTACKER });

/** The attacker attaches a wallet and a passkey with `session`, and checks both are the user's (the server now holds that user in memory). */
async function attachBoth(session: string, userId: string) {
  const wallet = privateKeyToAccount(generatePrivateKey());
  const linked = await signWithWallet(wallet, session);
  expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  expect(linked.body.user_id).toBe(userId);
  const authenticator = new SoftAuthenticator(ORIGIN);
  const registered = await registerPasskey(authenticator, session);
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  const me = await s.send<{ crypto_wallets: unknown[]; webauthn_registrations: unknown[] }>('GET', '/sdk/v1/users/me', undefined, { session, from: ATTACKER });
  expect(me.status).toBe(200);
  expect(me.body.crypto_wallets).toHaveLength(1);
  expect(me.body.webauthn_registrations).toHaveLength(1);
  // Before the owner acts, both sign in as the user with no session.
  expect((await signInWithPasskey(authenticator)).body.user_id).toBe(userId);
  expect((await signWithWallet(wallet)).body.user_id).toBe(userId);
  return { wallet, authenticator };
}

/** The attacker's passkey is refused and their wallet no longer signs in as the user; the owner's session and user list neither. */
async function expectBothGone(attached: Awaited<ReturnType<typeof attachBoth>>, userId: string, ownerSession: string, ownerUser: User) {
  expect(ownerUser.webauthn_registrations).toEqual([]);
  expect(ownerUser.crypto_wallets).toEqual([]);
  const me = await s.send<User>('GET', '/sdk/v1/users/me', undefined, { session: ownerSession, from: VICTIM });
  expect(me.status).toBe(200);
  expect(me.body.user_id).toBe(userId);
  expect(me.body.webauthn_registrations).toEqual([]);
  expect(me.body.crypto_wallets).toEqual([]);

  const passkey = await signInWithPasskey(attached.authenticator);
  expect(passkey.status).toBe(404);
  expect((passkey.body as unknown as { error_type: string }).error_type).toBe('webauthn_registration_not_found');

  // The wallet is nobody's now: alone it signs up as a new, empty user, never as the owner.
  const wallet = await signWithWallet(attached.wallet);
  expect(wallet.status, JSON.stringify(wallet.body)).toBe(200);
  expect(wallet.body.user_id).not.toBe(userId);
  expect(wallet.body.user.emails).toEqual([]);
  const after = await s.send<User>('GET', '/sdk/v1/users/me', undefined, { session: ownerSession, from: VICTIM });
  expect(after.body.crypto_wallets).toEqual([]);
}

describe('the passkeys and wallets a proven user adds stay theirs', () => {
  it('a later sign-in by link removes nothing', async () => {
    const email = uniqueEmail('own-keys');
    const owner = await s.signInByLink(email, VICTIM);
    const attached = await attachBoth(owner.session_token, owner.user_id);
    const again = await s.signInByLink(email, VICTIM);
    expect(again.user.webauthn_registrations).toHaveLength(1);
    expect(again.user.crypto_wallets).toHaveLength(1);
    expect((await signInWithPasskey(attached.authenticator)).body.user_id).toBe(owner.user_id);
    expect((await signWithWallet(attached.wallet)).body.user_id).toBe(owner.user_id);
  });
});

/** The address's owner resets the password through the emailed link, from their own address. */
async function resetByOwner(email: string) {
  expect((await s.send('POST', '/sdk/v1/passwords/email/reset/start', { email }, { from: VICTIM })).status).toBe(200);
  const reset = await s.send<SessionResponse>(
    'POST',
    '/sdk/v1/passwords/email/reset',
    { token: resetTokenIn((await s.outbox(email))[0]!.text), password: NEW_PASSWORD },
    { from: VICTIM },
  );
  expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  return reset;
}

describe('a password reset removes the passkeys and wallets the old owner may have attached', () => {
  it('a stolen session attaches a wallet and a passkey; the owner resets the password: neither signs in as the owner, and the owner can add theirs again', async () => {
    const email = uniqueEmail('reset-keys');
    const owner = await s.signInByLink(email, VICTIM);
    const stolen = owner.session_token;
    const attached = await attachBoth(stolen, owner.user_id);

    const reset = await resetByOwner(email);
    expect(reset.body.user_id).toBe(owner.user_id);
    expect((await s.send('GET', '/sdk/v1/users/me', undefined, { session: stolen, from: ATTACKER })).status).toBe(401);
    await expectBothGone(attached, owner.user_id, reset.body.session_token, reset.body.user);

    // The owner adds a passkey and a wallet of their own after the reset; both sign in as the owner.
    const ownKey = new SoftAuthenticator(ORIGIN);
    expect((await registerPasskey(ownKey, reset.body.session_token)).status).toBe(200);
    const ownWallet = privateKeyToAccount(generatePrivateKey());
    expect((await signWithWallet(ownWallet, reset.body.session_token)).body.user_id).toBe(owner.user_id);
    expect((await signInWithPasskey(ownKey)).body.user_id).toBe(owner.user_id);
    expect((await signWithWallet(ownWallet)).body.user_id).toBe(owner.user_id);
  });
});
