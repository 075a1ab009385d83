import type { CryptoWalletsAuthenticateResponse, User } from '@vestibule/contract';
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from '../src/features/index.js';
import { passkeyWaysIn } from '../src/features/passkeys/registrations-store.js';
import { createDatabase } from '../src/storage/create-database.js';
import { migrateToLatest } from '../src/storage/migrate.js';
import { connectDevAccount, devOAuthLanding, exchangeOAuthToken } from './helpers/dev-oauth.js';
import { uniqueEmail, type TestClock } from './helpers/harness.js';
import { clockedServer, type ListeningServer } from './helpers/listening.js';
import { signInByPasscode } from './helpers/otp.js';
import { registerPasskey, signInWithPasskey } from './helpers/passkey-ceremonies.js';
import { SoftAuthenticator } from './helpers/soft-authenticator.js';
import { ORIGIN, tempDir } from './helpers/test-config.js';
import { ethereumWallet, signInWithWallet } from './helpers/wallets.js';

/**
 * Passkeys under the account page's rules, over real sockets: adding one (the registration's start)
 * and deleting one need a recent sign-in, and the last way in is never deleted, however many
 * removals of a user's ways in arrive at once. The server's clock moves only when a test moves it.
 */
let s: ListeningServer;
let clock: TestClock;
clockedServer((started) => ({ s, clock } = started));

const DELETE = '/sdk/v1/webauthn/delete';
const me = async (session: string) => (await s.send<User>('GET', '/sdk/v1/users/me', undefined, { session })).body;
const refusal = (type: string, status: number) => ({ status, body: expect.objectContaining({ error_type: type, status_code: status }) });

/** A user with no email: a wallet's sign-in, then a passkey registered into its session. */
async function walletUserWithPasskey(label: string) {
  const wallet = ethereumWallet();
  const user = (await signInWithWallet(s, wallet)).body as CryptoWalletsAuthenticateResponse;
  const authenticator = new SoftAuthenticator(ORIGIN);
  const registered = await registerPasskey(s, authenticator, { session: user.session_token });
  expect(registered.status, `${label}: ${JSON.stringify(registered.body)}`).toBe(200);
  const passkeyId = registered.body.user.webauthn_registrations[0]!.webauthn_registration_id;
  return { session: user.session_token, userId: user.user_id, wallet, walletId: user.crypto_wallet_id, authenticator, passkeyId };
}

describe('deleting a passkey', () => {
  it("the user's last way in is refused (last_way_in) and still signs in; while another remains, it is deleted", async () => {
    const user = await walletUserWithPasskey('last-passkey');
    const removed = await s.send('POST', '/sdk/v1/account/crypto_wallets/remove', { crypto_wallet_id: user.walletId }, { session: user.session });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await s.send('POST', DELETE, { webauthn_registration_id: user.passkeyId }, { session: user.session })).toMatchObject(refusal('last_way_in', 400));
    expect((await me(user.session)).webauthn_registrations).toHaveLength(1);
    expect((await signInWithPasskey(s, user.authenticator)).body.user_id).toBe(user.userId);

    const second = new SoftAuthenticator(ORIGIN);
    expect((await registerPasskey(s, second, { session: user.session })).status).toBe(200);
    const deleted = await s.send('POST', DELETE, { webauthn_registration_id: user.passkeyId }, { session: user.session });
    expect(deleted).toMatchObject({ status: 200, body: { user_id: user.userId } });
    expect((await me(user.session)).webauthn_registrations).toHaveLength(1);
    expect(await signInWithPasskey(s, user.authenticator)).toMatchObject(refusal('webauthn_registration_not_found', 404));
  });
});

describe('a session signed in with a passkey, which registers another', () => {
  it('keeps its sign-in for a sensitive change right after, and signing in again with that passkey once it is old lifts reauthentication_required', async () => {
    const user = await signInByPasscode(s, uniqueEmail('two-passkeys'));
    const first = new SoftAuthenticator(ORIGIN);
    expect((await registerPasskey(s, first, { session: user.session_token })).status).toBe(200);
    const signedIn = await signInWithPasskey(s, first);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const session = signedIn.body.session_token;
    expect(signedIn.body.session.authentication_factors).toEqual([
      expect.objectContaining({ type: 'webauthn', webauthn_factor: { webauthn_registration_id: expect.any(String) } }),
    ]);

    // The second passkey is attached to this session; the first one's sign-in stays what it was.
    const registered = await registerPasskey(s, new SoftAuthenticator(ORIGIN), { session });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect(registered.body.session.authentication_factors).toHaveLength(2);
    const revokeOthers = () => s.send('POST', '/sdk/v1/account/sessions/revoke_others', {}, { session });
    expect((await revokeOthers()).status).toBe(200);

    clock.advanceMinutes(s.config.project.reauthenticationMinutes + 1);
    expect(await revokeOthers()).toMatchObject(refusal('reauthentication_required', 403));
    const again = await signInWithPasskey(s, first, { session });
    expect(again.body.session_token).toBe(session);
    expect((await revokeOthers()).status).toBe(200);
  });
});

describe('a key registered as a second factor', () => {
  it('is no way in: beside it the only email is the last way in (last_way_in); a passkey is one, and then the email may go', async () => {
    const user = await signInByPasscode(s, uniqueEmail('second-factor'));
    const session = user.session_token;
    const registerKey = async (knobs: { userVerified: boolean; discoverable: boolean }) => {
      const started = await s.send('POST', '/sdk/v1/webauthn/register/start', { is_passkey: false }, { session });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const credential = new SoftAuthenticator(ORIGIN).register(started.body.public_key_credential_creation_options, knobs);
      const registered = await s.send(
        'POST',
        '/sdk/v1/webauthn/register',
        {
          public_key_credential: { ...credential, clientExtensionResults: { credProps: { rk: knobs.discoverable } } },
        },
        { session },
      );
      expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    };
    // A security key without user verification, and one that verifies its user but is not discoverable.
    await registerKey({ userVerified: false, discoverable: true });
    await registerKey({ userVerified: true, discoverable: false });
    const removeEmail = () => s.send('POST', '/sdk/v1/account/emails/remove', { email_id: user.user.emails[0]!.email_id }, { session });
    expect(await removeEmail()).toMatchObject(refusal('last_way_in', 400));
    expect((await me(session)).emails).toHaveLength(1);

    expect((await registerPasskey(s, new SoftAuthenticator(ORIGIN), { session })).status).toBe(200);
    const removed = await removeEmail();
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await me(session)).webauthn_registrations).toHaveLength(3);
  });
});

describe('removing every way in at once', () => {
  it('50 parallel removals of a passkey, a wallet and a connected account leave exactly one, which still signs in', async () => {
    const user = await walletUserWithPasskey('parallel');
    const address = uniqueEmail('parallel-github');
    const connected = await connectDevAccount(s, user.session, 'github', address);
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    const removals = [
      () => s.send('POST', DELETE, { webauthn_registration_id: user.passkeyId }, { session: user.session }),
      () => s.send('POST', '/sdk/v1/account/crypto_wallets/remove', { crypto_wallet_id: user.walletId }, { session: user.session }),
      () =>
        s.send(
          'POST',
          '/sdk/v1/account/oauth/disconnect',
          { provider_type: 'github', provider_subject: connected.body.provider_subject },
          { session: user.session },
        ),
    ];
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => removals[i % 3]!()));
    const outcomes = answers.map((answer) => (answer.status === 200 ? 'removed' : answer.body.error_type));
    expect(outcomes.filter((outcome) => outcome === 'removed')).toHaveLength(2);
    expect(outcomes).toContain('last_way_in');
    // The others found theirs removed already.
    const expected = ['removed', 'last_way_in', 'webauthn_registration_not_found', 'crypto_wallet_not_found', 'oauth_account_not_found'];
    expect(outcomes.filter((outcome) => !expected.includes(outcome))).toEqual([]);

    const left = await me(user.session);
    expect(left.webauthn_registrations.length + left.crypto_wallets.length + left.oauth_accounts.length).toBe(1);
    const signedIn =
      left.webauthn_registrations.length === 1
        ? await signInWithPasskey(s, user.authenticator)
        : left.crypto_wallets.length === 1
          ? await signInWithWallet(s, user.wallet)
          : await exchangeOAuthToken(s, await devOAuthLanding(s, { provider: 'github', email: address }));
    expect(signedIn.body.user_id).toBe(user.userId);
  });
});

describe('a recent sign-in', () => {
  it('adding a passkey (the registration start) and deleting one need one (reauthentication_required); a passcode with the same session confirms it is them', async () => {
    const user = await signInByPasscode(s, uniqueEmail('passkey-reauth'));
    const authenticator = new SoftAuthenticator(ORIGIN);
    const registered = await registerPasskey(s, authenticator, { session: user.session_token });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const passkeyId = registered.body.user.webauthn_registrations[0]!.webauthn_registration_id;
    clock.advanceMinutes(11);
    expect(await registerPasskey(s, new SoftAuthenticator(ORIGIN), { session: user.session_token })).toMatchObject(refusal('reauthentication_required', 403));
    expect(await s.send('POST', DELETE, { webauthn_registration_id: passkeyId }, { session: user.session_token })).toMatchObject(
      refusal('reauthentication_required', 403),
    );

    await signInByPasscode(s, user.user.emails[0]!.email, { session: user.session_token });
    expect((await registerPasskey(s, new SoftAuthenticator(ORIGIN), { session: user.session_token })).status).toBe(200);
    expect((await s.send('POST', DELETE, { webauthn_registration_id: passkeyId }, { session: user.session_token })).status).toBe(200);
  });

  it('a registration started while the sign-in is recent and finished once it is not adds nothing (reauthentication_required at the finish)', async () => {
    const user = await signInByPasscode(s, uniqueEmail('passkey-late'));
    const session = user.session_token;
    // Within the 5 minutes a ceremony lasts: a minute before the sign-in gets old, then two.
    clock.advanceMinutes(s.config.project.reauthenticationMinutes - 1);
    const started = await s.send('POST', '/sdk/v1/webauthn/register/start', {}, { session });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const credential = new SoftAuthenticator(ORIGIN).register(started.body.public_key_credential_creation_options);
    clock.advanceMinutes(2);
    expect(await s.send('POST', '/sdk/v1/webauthn/register', { public_key_credential: credential }, { session })).toMatchObject(
      refusal('reauthentication_required', 403),
    );
    expect((await me(session)).webauthn_registrations).toEqual([]);
  });
});

describe('migration 0015-passkey-sign-in-alone', () => {
  it('counts every registration made before it as a way in (how it was made was not recorded), and asks every later one to say', async () => {
    const { db } = await createDatabase({ databaseUrl: null, dataDir: tempDir() });
    try {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations },
        migrationTableName: 'vestibule_migrations',
        migrationLockTableName: 'vestibule_migrations_lock',
      });
      const { error } = await migrator.migrateTo('0014-account');
      if (error) throw error;
      const now = new Date();
      await db.insertInto('users').values({ user_id: 'user-before', status: 'active', created_at: now }).execute();
      // A row as the schema before it had them (no signs_in_alone: hence the casts).
      const registration = {
        user_id: 'user-before',
        public_key: 'pQECAyYgASFYIA',
        counter: 0,
        transports: JSON.stringify(['usb']),
        name: 'Passkey',
        created_at: now,
      };
      await db
        .insertInto('webauthn_registrations')
        .values({ ...registration, webauthn_registration_id: 'webauthn-registration-before', credential_id: 'before' } as never)
        .execute();

      expect(await migrateToLatest(db, migrations)).toContain('0015-passkey-sign-in-alone');
      expect(await passkeyWaysIn(db, 'user-before')).toBe(1);
      await expect(
        db
          .insertInto('webauthn_registrations')
          .values({ ...registration, webauthn_registration_id: 'webauthn-registration-after', credential_id: 'after' } as never)
          .execute(),
      ).rejects.toThrow(/signs_in_alone/);
    } finally {
      await db.destroy();
    }
  });
});
