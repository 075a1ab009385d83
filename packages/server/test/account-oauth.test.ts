import type { OAuthAuthenticateResponse, SessionResponse, User } from '@vestibule/contract';
import { describe, expect, it } from 'vitest';
import { connectDevAccount, devOAuthLanding, exchangeOAuthToken, oauthStartPath } from './helpers/dev-oauth.js';
import { uniqueEmail, type TestClock } from './helpers/harness.js';
import { clockedServer, type ListeningServer } from './helpers/listening.js';
import { signInByPasscode } from './helpers/otp.js';
import { pkcePair } from './helpers/pkce.js';
import { ethereumWallet, signInWithWallet } from './helpers/wallets.js';

/**
 * The account page's connected accounts, over real sockets: Connect (a link token, the usual flow
 * through the development provider, the landing's exchange with the person's session) and
 * Disconnect. The server's clock moves only when a test moves it (how a sign-in gets old).
 */
let s: ListeningServer;
let clock: TestClock;
clockedServer((started) => ({ s, clock } = started));

const LINK_START = '/sdk/v1/account/oauth/start';
const DISCONNECT = '/sdk/v1/account/oauth/disconnect';

const me = async (session: string) => (await s.send<User>('GET', '/sdk/v1/users/me', undefined, { session })).body;
const newUser = (label: string) => signInByPasscode(s, uniqueEmail(label));
/** Signs in through the development provider's account of `email` (no link): the exchange's answer. */
const signInWithProvider = async (provider: string, email: string) => exchangeOAuthToken(s, await devOAuthLanding(s, { provider, email }));
const linkToken = async (session: string, provider = 'github') => {
  const started = await s.send('POST', LINK_START, { provider }, { session });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return started.body.link_token as string;
};
const refusal = (type: string, status: number) => ({ status, body: expect.objectContaining({ error_type: type, status_code: status }) });

describe('connecting a social account', () => {
  it("connects the development provider's account to a passcode user: the User lists it with its address, and it signs in as that user", async () => {
    const user = await newUser('connect');
    const address = uniqueEmail('connect-github');
    const connected = await connectDevAccount(s, user.session_token, 'github', address);
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    const answer = connected.body as OAuthAuthenticateResponse;
    expect(answer.user_id).toBe(user.user_id);
    expect(answer.provider_type).toBe('github');
    // The factor joins the person's session; nothing else is proven: the provider's address is not one of the user's.
    expect(answer.session_token).toBe(user.session_token);
    expect(answer.session.authentication_factors.map((factor) => factor.type)).toEqual(['otp', 'oauth']);
    expect(answer.user.emails.map((email) => email.email)).toEqual([user.user.emails[0]!.email]);
    const listed = [{ provider_type: 'github', provider_subject: answer.provider_subject, email: address, created_at: expect.any(String) }];
    expect(answer.user.oauth_accounts).toEqual(listed);
    expect((await me(user.session_token)).oauth_accounts).toEqual(listed);

    const signedIn = await signInWithProvider('github', address);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user_id).toBe(user.user_id);
    expect(signedIn.body.session_token).not.toBe(user.session_token);

    // Connecting the same account again is no error, and it is listed once.
    const again = await connectDevAccount(s, user.session_token, 'github', address);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.user.oauth_accounts).toEqual(listed);
  });

  it('a sign-in through a provider records the address it gave, and a new user lists its account', async () => {
    const address = uniqueEmail('signin-gitlab');
    const signedIn = await signInWithProvider('gitlab', address);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.oauth_accounts).toEqual([
      { provider_type: 'gitlab', provider_subject: signedIn.body.provider_subject, email: address, created_at: expect.any(String) },
    ]);
  });

  it("an account connected to another user is refused (oauth_account_already_linked) and stays that user's", async () => {
    const address = uniqueEmail('taken-github');
    const owner = await signInWithProvider('github', address);
    const user = await newUser('taken');
    expect(await connectDevAccount(s, user.session_token, 'github', address)).toMatchObject(refusal('oauth_account_already_linked', 400));
    expect((await me(user.session_token)).oauth_accounts).toEqual([]);
    expect((await signInWithProvider('github', address)).body.user_id).toBe(owner.body.user_id);
  });

  it("a link flow joins no one by the provider's address and makes no user: an account whose address is another user's joins this one", async () => {
    const other = await newUser('address-owner');
    const otherAddress = other.user.emails[0]!.email;
    const user = await newUser('address-linker');
    const connected = await connectDevAccount(s, user.session_token, 'discord', otherAddress);
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    expect(connected.body.user_id).toBe(user.user_id);
    expect(connected.body.user.emails.map((email: { email: string }) => email.email)).toEqual([user.user.emails[0]!.email]);
    expect((await me(other.session_token)).oauth_accounts).toEqual([]);
    expect((await signInWithProvider('discord', otherAddress)).body.user_id).toBe(user.user_id);
  });

  it('a link token starts one flow, for its provider only; a start without a link token signs in as usual', async () => {
    const user = await newUser('link-once');
    const token = await linkToken(user.session_token);
    const first = await devOAuthLanding(s, { provider: 'github', email: uniqueEmail('link-once-github'), query: { link_token: token } });
    expect(first.token).toBeTruthy();
    const replay = await s.send('GET', oauthStartPath('github', pkcePair().challenge, { link_token: token }), undefined, { token: null });
    expect(replay).toMatchObject(refusal('bad_request', 400));
    expect(replay.headers.location).toBeUndefined();

    const forGithub = await linkToken(user.session_token);
    const elsewhere = await s.send('GET', oauthStartPath('google', pkcePair().challenge, { link_token: forGithub }), undefined, { token: null });
    expect(elsewhere).toMatchObject(refusal('bad_request', 400));
    const made = await s.send('GET', oauthStartPath('github', pkcePair().challenge, { link_token: 'made-up' }), undefined, { token: null });
    expect(made).toMatchObject(refusal('bad_request', 400));
    expect((await me(user.session_token)).oauth_accounts).toEqual([]);
  });

  it("a link flow's token connects nothing without its user's session: another user's is unauthorized_action, none is user_unauthenticated, and the token is spent", async () => {
    const user = await newUser('link-owner');
    const stranger = await newUser('link-stranger');
    const address = uniqueEmail('carried-off');
    const landed = await devOAuthLanding(s, { provider: 'github', email: address, query: { link_token: await linkToken(user.session_token) } });
    expect(await exchangeOAuthToken(s, landed, stranger.session_token)).toMatchObject(refusal('unauthorized_action', 403));
    expect(await exchangeOAuthToken(s, landed, user.session_token)).toMatchObject(refusal('oauth_token_not_found', 404));

    const again = await devOAuthLanding(s, { provider: 'github', email: address, query: { link_token: await linkToken(user.session_token) } });
    expect(await exchangeOAuthToken(s, again)).toMatchObject(refusal('user_unauthenticated', 401));
    const dead = await devOAuthLanding(s, { provider: 'github', email: address, query: { link_token: await linkToken(user.session_token) } });
    expect(await exchangeOAuthToken(s, dead, 'not-a-session')).toMatchObject(refusal('session_not_found', 401));

    expect((await me(user.session_token)).oauth_accounts).toEqual([]);
    expect((await me(stranger.session_token)).oauth_accounts).toEqual([]);
    // Connected to nobody: signing in with it makes a user of its own.
    const alone = await signInWithProvider('github', address);
    expect([user.user_id, stranger.user_id]).not.toContain(alone.body.user_id);
  });

  it('the link start refuses a call without a session, and a provider that is not one', async () => {
    expect(await s.send('POST', LINK_START, { provider: 'github' })).toMatchObject(refusal('user_unauthenticated', 401));
    const user = await newUser('link-start');
    expect(await s.send('POST', LINK_START, { provider: 'myspace' }, { session: user.session_token })).toMatchObject(refusal('bad_request', 400));
  });
});

describe('a session signed in with a social account, which connects another', () => {
  it('keeps its sign-in for a sensitive change right after: the account connected is another credential', async () => {
    const signedIn = await signInWithProvider('github', uniqueEmail('two-accounts-github'));
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const session = signedIn.body.session_token as string;
    expect(signedIn.body.session.authentication_factors).toEqual([
      expect.objectContaining({ type: 'oauth', oauth_factor: { provider_type: 'github', provider_subject: signedIn.body.provider_subject } }),
    ]);
    const connected = await connectDevAccount(s, session, 'gitlab', uniqueEmail('two-accounts-gitlab'));
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    expect(connected.body.session.authentication_factors).toHaveLength(2);
    expect((await s.send('POST', '/sdk/v1/account/sessions/revoke_others', {}, { session })).status).toBe(200);
  });
});

describe('connecting while the account is deleted', () => {
  it("a link flow finished at the provider after the user deleted the account lands on the host's page with the flow's error (not a 500), and connects nothing", async () => {
    const user = await newUser('deleted-linker');
    const started = await s.send('GET', oauthStartPath('github', pkcePair().challenge, { link_token: await linkToken(user.session_token) }), undefined, {
      token: null,
    });
    const authorize = new URL(String(started.headers.location));
    const deleted = await s.send('POST', '/sdk/v1/account/delete', { confirmation: user.user.emails[0]!.email }, { session: user.session_token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

    // The person goes on at the provider, which sends the browser back to our callback.
    const address = uniqueEmail('deleted-linker-github');
    const form = { ...Object.fromEntries(authorize.searchParams), email: address, decision: 'allow' };
    const allowed = await s.send('POST', `${authorize.pathname}${authorize.search}`, undefined, { token: null, form });
    const callback = new URL(String(allowed.headers.location));
    const landed = await s.send('GET', `${callback.pathname}${callback.search}`, undefined, { token: null });
    expect(landed.status, JSON.stringify(landed.body)).toBe(302);
    const landing = new URL(String(landed.headers.location));
    expect(landing.searchParams.get('error_type')).toBe('oauth_flow_callback_error');
    expect(landing.searchParams.get('token')).toBeNull();
    // The provider account is nobody's: signing in with it makes a user of its own.
    const alone = await signInWithProvider('github', address);
    expect(alone.status).toBe(200);
    expect(alone.body.user_id).not.toBe(user.user_id);
  });
});

describe('disconnecting a social account', () => {
  it("disconnects one of the user's accounts, which then signs in as no one of theirs; one not theirs, or gone, is oauth_account_not_found", async () => {
    const user = await newUser('disconnect');
    const address = uniqueEmail('disconnect-github');
    const connected = (await connectDevAccount(s, user.session_token, 'github', address)).body as SessionResponse & { provider_subject: string };
    const other = await signInWithProvider('github', uniqueEmail('other-github'));
    const theirs = { provider_type: 'github', provider_subject: other.body.provider_subject };
    expect(await s.send('POST', DISCONNECT, theirs, { session: user.session_token })).toMatchObject(refusal('oauth_account_not_found', 404));
    expect((await me(other.body.session_token)).oauth_accounts).toHaveLength(1);

    const account = { provider_type: 'github', provider_subject: connected.provider_subject };
    const gone = await s.send<User>('POST', DISCONNECT, account, { session: user.session_token });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(gone.body.user_id).toBe(user.user_id);
    expect(gone.body.oauth_accounts).toEqual([]);
    expect(await s.send('POST', DISCONNECT, account, { session: user.session_token })).toMatchObject(refusal('oauth_account_not_found', 404));
    expect((await signInWithProvider('github', address)).body.user_id).not.toBe(user.user_id);
  });

  it('the last way in is refused (last_way_in): a wallet user who connected an account and removed the wallet keeps the account', async () => {
    const wallet = ethereumWallet();
    const user = (await signInWithWallet(s, wallet)).body as SessionResponse & { crypto_wallet_id: string };
    const address = uniqueEmail('only-way-in');
    const connected = await connectDevAccount(s, user.session_token, 'github', address);
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    const removed = await s.send('POST', '/sdk/v1/account/crypto_wallets/remove', { crypto_wallet_id: user.crypto_wallet_id }, { session: user.session_token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const account = { provider_type: 'github', provider_subject: connected.body.provider_subject };
    expect(await s.send('POST', DISCONNECT, account, { session: user.session_token })).toMatchObject(refusal('last_way_in', 400));
    expect((await me(user.session_token)).oauth_accounts).toHaveLength(1);
    expect((await signInWithProvider('github', address)).body.user_id).toBe(user.user_id);
  });
});

describe('connected accounts and a planted password', () => {
  it("a planted password's session gets no link token (unverified_email); once the owner proves the address, the owner connects theirs", async () => {
    const email = uniqueEmail('planted-connect');
    const planted = await s.send<SessionResponse>('POST', '/sdk/v1/passwords', { email, password: 'Planted by someone else 4 you!' }, { from: '127.0.0.93' });
    expect(planted.status, JSON.stringify(planted.body)).toBe(200);
    const attackerAddress = uniqueEmail('attacker-github');
    expect(await connectDevAccount(s, planted.body.session_token, 'github', attackerAddress)).toMatchObject(refusal('unverified_email', 400));

    const owner = await signInByPasscode(s, email, { from: '127.0.0.94' });
    expect(owner.user_id).toBe(planted.body.user_id);
    expect(owner.user.oauth_accounts).toEqual([]);
    expect((await signInWithProvider('github', attackerAddress)).body.user_id).not.toBe(owner.user_id);
    const ownAddress = uniqueEmail('owner-github');
    const connected = await connectDevAccount(s, owner.session_token, 'github', ownAddress);
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    expect((await signInWithProvider('github', ownAddress)).body.user_id).toBe(owner.user_id);
  });
});

describe('a recent sign-in', () => {
  it('Connect and Disconnect need one (reauthentication_required); a passcode with the same session confirms it is them', async () => {
    const user = await newUser('reauth');
    const connected = await connectDevAccount(s, user.session_token, 'github', uniqueEmail('reauth-github'));
    const account = { provider_type: 'github', provider_subject: connected.body.provider_subject };
    clock.advanceMinutes(11);
    expect(await s.send('POST', LINK_START, { provider: 'github' }, { session: user.session_token })).toMatchObject(refusal('reauthentication_required', 403));
    expect(await s.send('POST', DISCONNECT, account, { session: user.session_token })).toMatchObject(refusal('reauthentication_required', 403));
    expect((await me(user.session_token)).oauth_accounts).toHaveLength(1);

    const confirmed = await signInByPasscode(s, user.user.emails[0]!.email, { session: user.session_token });
    expect(confirmed.session_token).toBe(user.session_token);
    expect((await s.send('POST', LINK_START, { provider: 'github' }, { session: user.session_token })).status).toBe(200);
    expect((await s.send('POST', DISCONNECT, account, { session: user.session_token })).status).toBe(200);
  });

  it('a link token handed out while the sign-in was recent connects nothing once it is not (reauthentication_required at the exchange)', async () => {
    const user = await newUser('late-link');
    const address = uniqueEmail('late-link-github');
    // The landing's token lasts 5 minutes: a minute before the sign-in gets old, then two.
    clock.advanceMinutes(s.config.project.reauthenticationMinutes - 1);
    const landed = await devOAuthLanding(s, { provider: 'github', email: address, query: { link_token: await linkToken(user.session_token) } });
    clock.advanceMinutes(2);
    expect(await exchangeOAuthToken(s, landed, user.session_token)).toMatchObject(refusal('reauthentication_required', 403));
    expect((await me(user.session_token)).oauth_accounts).toEqual([]);
    // Connected to nobody: signing in with it makes a user of its own.
    expect((await signInWithProvider('github', address)).body.user_id).not.toBe(user.user_id);
  });
});
