import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VestibuleSDKError } from '../src/index.js';
import { apiError, makeSessionResponse, makeUser, readCookies, testClients, TEST_TOKEN, type fakeFetch } from './helpers.js';

const create = testClients();

/** A client signed in through a magic link, whose other calls answer as `routes` say. */
async function signedIn(routes: Parameters<typeof fakeFetch>[0] = {}) {
  const made = create({ 'POST /sdk/v1/magic_links/authenticate': makeSessionResponse(), ...routes });
  await made.client.magicLinks.authenticate('ml');
  return made;
}

const ADDED = makeUser({
  emails: [
    { email_id: 'email-1', email: 'ada@example.com', verified: true, primary: true },
    { email_id: 'email-2', email: 'ada@work.example', verified: true, primary: false },
  ],
});
const asResponse = (user = ADDED) => ({ ...user, status_code: 200, request_id: 'r' });

describe('account', () => {
  it('without a session every call rejects before reaching the server', async () => {
    const { client, fake } = create();
    await expect(client.account.emailStart({ email: 'ada@work.example' })).rejects.toBeInstanceOf(VestibuleSDKError);
    await expect(client.account.sessions()).rejects.toMatchObject({ error_type: 'user_unauthenticated' });
    expect(fake.calls.filter((call) => call.url.includes('/account/'))).toHaveLength(0);
  });

  it('sends each change with the Bearer session to its route, and the User it answers becomes the cached user', async () => {
    const { client, fake } = await signedIn({ 'POST /sdk/v1/account/emails/add': asResponse() });
    const onUser = vi.fn();
    client.user.onChange(onUser);
    const answer = await client.account.emailAdd({ email: 'ada@work.example', code: '123456' });
    expect(answer.emails).toHaveLength(2);
    const [call] = fake.callsTo('POST /sdk/v1/account/emails/add');
    expect(call?.body).toEqual({ email: 'ada@work.example', code: '123456' });
    expect(call?.headers).toMatchObject({ 'X-Public-Token': TEST_TOKEN, Authorization: 'Bearer opaque-token-1' });
    expect(client.user.getSync()).toEqual(ADDED);
    expect(onUser).toHaveBeenCalledExactlyOnceWith(ADDED);
  });

  it('one method per route, each to its own path', async () => {
    const user = asResponse();
    const { client, fake } = await signedIn({
      'POST /sdk/v1/account/emails/primary': user,
      'POST /sdk/v1/account/emails/remove': user,
      'POST /sdk/v1/account/phone_numbers/add': user,
      'POST /sdk/v1/account/phone_numbers/primary': user,
      'POST /sdk/v1/account/phone_numbers/remove': user,
      'POST /sdk/v1/account/password': user,
      'POST /sdk/v1/account/password/remove': user,
      'POST /sdk/v1/account/oauth/disconnect': user,
      'POST /sdk/v1/account/crypto_wallets/remove': user,
      'POST /sdk/v1/account/oauth/start': { status_code: 200, request_id: 'r', link_token: 'lt-1' },
      'GET /sdk/v1/account/sessions': { status_code: 200, request_id: 'r', sessions: [] },
      'POST /sdk/v1/account/sessions/revoke_others': { status_code: 200, request_id: 'r', revoked: 2 },
      'POST /sdk/v1/account/untrusted_metadata': user,
    });
    await client.account.emailStart({ email: 'b@example.com', locale: 'de' });
    await client.account.emailPrimary({ email_id: 'email-2' });
    await client.account.emailRemove({ email_id: 'email-2' });
    await client.account.phoneStart({ phone_number: '+15005550006', channel: 'whatsapp', locale: 'pt-BR' });
    await client.account.phoneAdd({ phone_number: '+15005550006', code: '123456' });
    await client.account.phonePrimary({ phone_id: 'phone-1' });
    await client.account.phoneRemove({ phone_id: 'phone-1' });
    await client.account.passwordSet({ password: 'correct horse battery staple', current_password: 'old one', sign_out_other_devices: true });
    await client.account.passwordRemove();
    expect((await client.account.oauthLinkStart({ provider: 'github' })).link_token).toBe('lt-1');
    await client.account.oauthDisconnect({ provider_type: 'github', provider_subject: 'gh-1' });
    await client.account.walletRemove({ crypto_wallet_id: 'cw-1' });
    expect((await client.account.sessions()).sessions).toEqual([]);
    await client.account.sessionRevoke({ session_id: 'session-2' });
    expect((await client.account.sessionRevokeOthers()).revoked).toBe(2);
    await client.account.updateUntrustedMetadata({ untrusted_metadata: { theme: 'dark' } });
    const sent = fake.calls.filter((call) => call.url.includes('/account/')).map((call) => [`${call.method} ${new URL(call.url).pathname}`, call.body]);
    expect(sent).toEqual([
      ['POST /sdk/v1/account/emails/start', { email: 'b@example.com', locale: 'de' }],
      ['POST /sdk/v1/account/emails/primary', { email_id: 'email-2' }],
      ['POST /sdk/v1/account/emails/remove', { email_id: 'email-2' }],
      ['POST /sdk/v1/account/phone_numbers/start', { phone_number: '+15005550006', channel: 'whatsapp', locale: 'pt-BR' }],
      ['POST /sdk/v1/account/phone_numbers/add', { phone_number: '+15005550006', code: '123456' }],
      ['POST /sdk/v1/account/phone_numbers/primary', { phone_id: 'phone-1' }],
      ['POST /sdk/v1/account/phone_numbers/remove', { phone_id: 'phone-1' }],
      ['POST /sdk/v1/account/password', { password: 'correct horse battery staple', current_password: 'old one', sign_out_other_devices: true }],
      ['POST /sdk/v1/account/password/remove', {}],
      ['POST /sdk/v1/account/oauth/start', { provider: 'github' }],
      ['POST /sdk/v1/account/oauth/disconnect', { provider_type: 'github', provider_subject: 'gh-1' }],
      ['POST /sdk/v1/account/crypto_wallets/remove', { crypto_wallet_id: 'cw-1' }],
      ['GET /sdk/v1/account/sessions', undefined],
      ['POST /sdk/v1/account/sessions/revoke', { session_id: 'session-2' }],
      ['POST /sdk/v1/account/sessions/revoke_others', {}],
      ['POST /sdk/v1/account/untrusted_metadata', { untrusted_metadata: { theme: 'dark' } }],
    ]);
  });

  it('a refused change rejects with its error_type and leaves the cached user as it was', async () => {
    const { client } = await signedIn({
      'POST /sdk/v1/account/emails/remove': () => apiError(400, 'last_way_in', 'This is your only way to sign in.'),
      'POST /sdk/v1/account/password/remove': () => apiError(403, 'reauthentication_required', 'Confirm it is you.'),
    });
    const before = client.user.getSync();
    await expect(client.account.emailRemove({ email_id: 'email-1' })).rejects.toMatchObject({ error_type: 'last_way_in', status_code: 400 });
    await expect(client.account.passwordRemove()).rejects.toMatchObject({ error_type: 'reauthentication_required', status_code: 403 });
    expect(client.user.getSync()).toEqual(before);
    expect(client.session.getSync()).not.toBeNull();
  });

  it('a 401 (this device was signed out elsewhere) clears the local session', async () => {
    const { client } = await signedIn({ 'GET /sdk/v1/account/sessions': () => apiError(401, 'session_not_found', 'Session not found.') });
    await expect(client.account.sessions()).rejects.toMatchObject({ error_type: 'session_not_found' });
    expect(client.session.getSync()).toBeNull();
    expect(readCookies().vestibule_session).toBeUndefined();
  });

  it('a wrong passcode or signature (401 too) keeps this device signed in', async () => {
    const { client } = await signedIn({
      'POST /sdk/v1/account/emails/add': () => apiError(401, 'otp_code_not_found', 'Invalid passcode, please try again.'),
      'POST /sdk/v1/account/phone_numbers/add': () => apiError(401, 'otp_code_expired', 'This passcode no longer works.'),
    });
    await expect(client.account.emailAdd({ email: 'new@example.com', code: '000000' })).rejects.toMatchObject({ error_type: 'otp_code_not_found' });
    await expect(client.account.phoneAdd({ phone_number: '+15005550006', code: '000000' })).rejects.toMatchObject({ error_type: 'otp_code_expired' });
    expect(client.session.getSync()).not.toBeNull();
    expect(readCookies().vestibule_session).toBeDefined();
  });

  it('delete sends the confirmation, then nothing is signed in here', async () => {
    const { client, fake } = await signedIn({ 'POST /sdk/v1/account/delete': { status_code: 200, request_id: 'r' } });
    await client.account.delete({ confirmation: 'ada@example.com' });
    expect(fake.callsTo('POST /sdk/v1/account/delete')[0]?.body).toEqual({ confirmation: 'ada@example.com' });
    expect(client.session.getSync()).toBeNull();
    expect(client.user.getSync()).toBeNull();
    expect(readCookies()).toEqual({});
  });

  it("walletLink sends the signature with the verifier of that wallet's sign-in message", async () => {
    const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
    const { client, fake } = await signedIn({
      'POST /sdk/v1/crypto_wallets/authenticate/start': { status_code: 200, request_id: 'r', challenge: 'sign this' },
      'POST /sdk/v1/account/crypto_wallets/link': asResponse(),
    });
    await client.cryptoWallets.authenticateStart({ crypto_wallet_address: ADDRESS, crypto_wallet_type: 'ethereum' });
    await client.account.walletLink({ crypto_wallet_address: ADDRESS, crypto_wallet_type: 'ethereum', signature: '0xabc' });
    const body = fake.callsTo('POST /sdk/v1/account/crypto_wallets/link')[0]?.body as Record<string, string>;
    expect(body).toEqual({ crypto_wallet_address: ADDRESS, crypto_wallet_type: 'ethereum', signature: '0xabc', code_verifier: expect.any(String) });
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body.code_verifier)));
    const start = fake.callsTo('POST /sdk/v1/crypto_wallets/authenticate/start')[0]!.body as Record<string, string>;
    expect(start.code_challenge).toBe(Buffer.from(digest).toString('base64url'));
  });
});

describe('connecting a social account', () => {
  let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
  beforeEach(() => {
    assign = vi.fn<(url: string | URL) => void>();
    vi.spyOn(window.location, 'assign').mockImplementation(assign);
  });
  afterEach(() => vi.restoreAllMocks());

  it("the link token rides on the provider's start, landing on the account page", async () => {
    const { client } = await signedIn({ 'POST /sdk/v1/account/oauth/start': { status_code: 200, request_id: 'r', link_token: 'lt-9' } });
    const { link_token } = await client.account.oauthLinkStart({ provider: 'github' });
    await client.oauth.github.start({ link_token, login_redirect_url: 'http://localhost:3000/account' });
    const url = new URL(String(assign.mock.calls[0]![0]));
    expect(url.pathname).toBe('/sdk/v1/oauth/start');
    expect(url.searchParams.get('provider')).toBe('github');
    expect(url.searchParams.get('link_token')).toBe('lt-9');
    expect(url.searchParams.get('login_redirect_url')).toBe('http://localhost:3000/account');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
