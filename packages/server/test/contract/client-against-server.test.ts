import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { generateKeyPairSync } from 'node:crypto';
import { Window } from 'happy-dom';
import { SignJWT } from 'jose';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes, type IntermediateSessionResponse, type RouteDef } from '@vestibule/contract';
import { createVestibuleClient, VestibuleApiError, type VestibuleClient } from '@vestibule/client';
import { createServer, type VestibuleServer } from '../../src/index.js';
import { peer, testClock, tokenFromLink, uniqueEmail } from '../helpers/harness.js';
import { startTestProvider } from '../helpers/oauth-provider.js';
import { codeIn, uniquePhone } from '../helpers/otp.js';
import { SoftAuthenticator, type Knobs } from '../helpers/soft-authenticator.js';
import { ORIGIN, PUBLIC_TOKEN, testConfig } from '../helpers/test-config.js';
import { installWebAuthnBrowser } from '../helpers/webauthn-browser.js';
import { appCode, nextCode, wrongCodes } from '../two-step/helpers.js';

/**
 * The real @vestibule/client against the real server in-process: the client's fetch is the
 * server's app.fetch (embedded database, no port). Every SDK route of the contract is called on
 * its success path and on its main error path, and every answer is checked against the route's
 * response schema (or the error shape), so client, contract and server cannot drift apart.
 */
/** A host's own identity system, trusted through a token profile, for session attest. */
const hostKeys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const config = testConfig(
  {},
  {
    VESTIBULE_IDP_TOKEN_PROFILES: JSON.stringify([
      {
        profile_id: 'host',
        issuer: 'https://host.example',
        audience: 'vestibule',
        jwks: { keys: [{ ...hostKeys.publicKey.export({ format: 'jwk' }), kid: 'host-1', alg: 'ES256' }] },
      },
    ]),
  },
);
/** The server's clock: it stands still, so the authenticator app's codes are computed at its time. */
const clock = testClock();
let server: VestibuleServer;
let client: VestibuleClient;
/** Where contractFetch sends the call: the second server of the one-tap test while it runs. */
let target: VestibuleServer | undefined;
const answered = new Map<string, Set<'ok' | 'error'>>();
const mismatches: string[] = [];

function routeFor(method: string, path: string): RouteDef | undefined {
  return routes.find((r) => r.method.toUpperCase() === method && r.path === path);
}

/** app.fetch as a browser on this machine would reach it; every answer checked against the contract. */
async function contractFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const response = await (target ?? server).app.fetch(request, peer('127.0.0.1'));
  const { pathname } = new URL(request.url);
  const key = `${request.method} ${pathname}`;
  const route = routeFor(request.method, pathname);
  const body = await response.clone().json();
  if (!route) mismatches.push(`${key}: not in the contract`);
  else if (route.kind === 'redirect') mismatches.push(`${key}: a browser navigation, not a fetch`);
  else if (response.ok) {
    const parsed = route.response.safeParse(body);
    if (!parsed.success) mismatches.push(`${key}: ${JSON.stringify(parsed.error.issues[0])}`);
  } else if (
    !route.errors.includes(body.error_type) &&
    !['bad_request', 'invalid_public_token', 'user_unauthenticated', 'session_not_found'].includes(body.error_type)
  ) {
    mismatches.push(`${key}: answered ${body.error_type}, which its route does not declare`);
  }
  answered.set(key, new Set([...(answered.get(key) ?? []), response.ok ? 'ok' : 'error']));
  return response;
}

async function outboxText(to: string): Promise<string> {
  const response = await server.app.fetch(new Request(`${config.publicUrl}/dev/outbox?to=${encodeURIComponent(to)}`), peer('127.0.0.1'));
  const { messages } = (await response.json()) as { messages: Array<{ text: string }> };
  return messages[0]!.text;
}

/** A first-factor sign-in's answer where no second step is due: the session. */
function sessionOf<T extends object>(response: T): Exclude<T, IntermediateSessionResponse> {
  if ('intermediate_session_token' in response) throw new Error('A second step was asked for where none is due.');
  return response as Exclude<T, IntermediateSessionResponse>;
}

/** A first-factor sign-in's answer held back for the second step. */
function heldOf(response: object): IntermediateSessionResponse {
  if (!('intermediate_session_token' in response)) throw new Error('A session was made where a second step is due.');
  return response as IntermediateSessionResponse;
}

/** The page's cookies by name, as the client left them. */
function cookies(): Record<string, string> {
  return Object.fromEntries(
    document.cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

/** The spec's cookie rule, as the page's cookies show it: the session's two cookies, or the intermediate one alone. */
function expectCookies(state: 'session' | 'intermediate'): void {
  const names = Object.keys(cookies()).filter((name) => name.startsWith('vestibule_'));
  expect(names.sort()).toEqual(state === 'session' ? ['vestibule_session', 'vestibule_session_jwt'] : ['vestibule_intermediate_session_token']);
}

const rejects = async (call: Promise<unknown>, errorType: string) => {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VestibuleApiError);
  expect((error as VestibuleApiError).error_type).toBe(errorType);
};

/** The start of a social sign-in is a navigation: caught (the client keeps its verifier), its URL answered. */
async function startGithub(): Promise<string> {
  let started = '';
  const assign = vi.spyOn(window.location, 'assign').mockImplementation((url: string | URL) => {
    started = String(url);
  });
  try {
    await client.oauth.github.start();
  } finally {
    assign.mockRestore();
  }
  return started;
}

/** A browser navigation to the server: where it is sent next. */
async function navigate(url: string, init: RequestInit = {}): Promise<string> {
  const response = await server.app.fetch(new Request(url, { ...init, redirect: 'manual' }), peer('127.0.0.1'));
  return response.headers.get('Location')!;
}

/** Plays the browser through the development provider (as github) with `email`: the landing's token. */
async function githubLandingToken(email: string): Promise<string> {
  const authorize = new URL(await navigate(await startGithub()));
  const form = new URLSearchParams(authorize.searchParams);
  form.set('email', email);
  form.set('decision', 'allow');
  const landing = new URL(await navigate(await navigate(authorize.href, { method: 'POST', body: form })));
  return landing.searchParams.get('token')!;
}

beforeAll(async () => {
  // The client keeps its session in the page's cookies and local storage: a browser document for
  // it (happy-dom), while the server runs on Node's own URL, fetch and file system.
  const page = new Window({ url: 'http://localhost:3000/' });
  Object.assign(globalThis, { document: page.document, location: page.location, localStorage: page.localStorage, window: page });
  server = await createServer(config, { clock, logger: { info() {}, warn() {}, error() {} } });
  client = createVestibuleClient({ publicToken: PUBLIC_TOKEN, apiBaseUrl: config.publicUrl, fetch: contractFetch as typeof fetch });
});
afterAll(async () => {
  client.destroy();
  await server.close();
});

describe('the client against the server', () => {
  it('bootstrap', async () => {
    expect((await client.bootstrap.getAsync()).projectName).toBe('Vestibule Demo');
  });

  it('magic links: send and use; a used link is refused', async () => {
    const email = uniqueEmail('contract-link');
    await rejects(client.magicLinks.email.loginOrCreate('not an email'), 'invalid_email');
    const sent = await client.magicLinks.email.loginOrCreate(email);
    expect(sent.user_created).toBe(true);
    const { token } = tokenFromLink(await outboxText(email));
    // What a link opened away from the browser that asked for it shows, spending nothing.
    expect((await client.magicLinks.preview(token)).email).toBe(email);
    const session = sessionOf(await client.magicLinks.authenticate(token));
    expect(session.user.emails[0]!.email).toBe(email);
    await rejects(client.magicLinks.authenticate(token), 'unable_to_auth_magic_link');
    await rejects(client.magicLinks.preview(token), 'unable_to_auth_magic_link');
  });

  it('passcodes by email, SMS and WhatsApp; a wrong code and a bad number are refused', async () => {
    const email = uniqueEmail('contract-otp');
    const sent = await client.otps.email.loginOrCreate(email);
    const code = codeIn(await outboxText(email));
    await rejects(client.otps.authenticate(code === '000000' ? '111111' : '000000', sent.method_id), 'otp_code_not_found');
    expect((await client.otps.authenticate(code, sent.method_id)).user_id).toBe(sent.user_id);
    for (const channel of ['sms', 'whatsapp'] as const) {
      const phone = uniquePhone();
      await rejects(client.otps[channel].loginOrCreate('+1 nope'), 'invalid_phone_number');
      const text = await client.otps[channel].loginOrCreate(phone);
      expect((await client.otps.authenticate(codeIn(await outboxText(phone)), text.method_id)).user_id).toBe(text.user_id);
    }
    await rejects(client.otps.email.loginOrCreate('nope'), 'invalid_email');
  });

  it('user search, passwords (strength, create, log in, reset) and their refusals', async () => {
    const email = uniqueEmail('contract-pw');
    const password = 'Contract test 42 passphrase';
    expect((await client.users.search(email)).userType).toBe('new');
    await rejects(client.users.search('nope'), 'invalid_email');
    expect((await client.passwords.strengthCheck({ password, email })).valid_password).toBe(true);
    await rejects(client.passwords.strengthCheck({ password: 'x'.repeat(300) }), 'bad_request');
    await rejects(client.passwords.create({ email, password: 'password' }), 'weak_password');
    await client.passwords.create({ email, password });
    await rejects(client.passwords.create({ email, password }), 'duplicate_email');
    await rejects(client.passwords.authenticate({ email, password: 'wrong one' }), 'unauthorized_credentials');
    expect(sessionOf(await client.passwords.authenticate({ email, password })).user.password).not.toBeNull();
    await rejects(client.passwords.resetByEmailStart({ email, resetPasswordRedirectUrl: 'https://evil.example/reset' }), 'invalid_redirect_url');
    await client.passwords.resetByEmailStart({ email });
    const link = /https?:\/\/\S+vestibule_token_type=reset_password\S*/.exec(await outboxText(email))![0];
    const token = new URL(link).searchParams.get('token')!;
    await rejects(client.passwords.checkResetToken('forged'), 'invalid_reset_token');
    expect((await client.passwords.checkResetToken(token)).email).toBe(email);
    await rejects(client.passwords.resetByEmail({ token: 'forged', password }), 'invalid_reset_token');
    expect((await client.passwords.resetByEmail({ token, password: 'A new contract 7 passphrase' })).user_id).toBeTruthy();
  });

  it('user, session refresh and revoke; a session the server does not know is refused', async () => {
    expect((await client.user.get()).user_id).toBeTruthy();
    expect((await client.session.authenticate({ session_duration_minutes: 60 })).session.session_id).toBeTruthy();
    await client.session.revoke();
    expect(client.session.getSync()).toBeNull();
    // A token the server does not know (revoked, or forged into the cookie): refused by the server.
    for (const call of [() => client.user.get(), () => client.session.revoke(), () => client.session.authenticate()]) {
      document.cookie = 'vestibule_session=forged-or-revoked-token; Path=/';
      await rejects(call(), 'session_not_found');
    }
  });

  it('passkeys: register, rename, sign in, delete; a phishing page, unknown ids, a deleted passkey and a lost session are refused', async () => {
    const email = uniqueEmail('contract-passkey');
    await client.magicLinks.email.loginOrCreate(email);
    await client.magicLinks.authenticate(tokenFromLink(await outboxText(email)).token);
    const knobs: Knobs = {};
    installWebAuthnBrowser(globalThis, new SoftAuthenticator(ORIGIN), knobs);

    knobs.origin = 'https://phishing.example';
    await rejects(client.webauthn.register(), 'invalid_webauthn_response');
    delete knobs.origin;
    const { webauthn_registration_id } = await client.webauthn.register();
    await rejects(client.webauthn.update({ webauthn_registration_id: 'webauthn-registration-unknown', name: 'Laptop' }), 'webauthn_registration_not_found');
    expect((await client.webauthn.update({ webauthn_registration_id, name: 'Laptop' })).webauthn_registration.name).toBe('Laptop');
    expect(client.user.getSync()?.webauthn_registrations.map((r) => r.name)).toEqual(['Laptop']);
    // The client sends its session along, so the passkey joins it as a second factor.
    expect(sessionOf(await client.webauthn.authenticate()).session.authentication_factors.map((f) => f.type)).toEqual(['magic_link', 'webauthn']);
    await rejects(client.webauthn.delete('webauthn-registration-unknown'), 'webauthn_registration_not_found');
    await client.webauthn.delete(webauthn_registration_id);
    await rejects(client.webauthn.authenticate(), 'webauthn_registration_not_found');

    // The start routes' refusals: a session the server does not know, a public token of no project.
    document.cookie = 'vestibule_session=forged-or-revoked-token; Path=/';
    await rejects(client.webauthn.register(), 'session_not_found');
    const stranger = createVestibuleClient({ publicToken: 'public-token-test-nobody', apiBaseUrl: config.publicUrl, fetch: contractFetch as typeof fetch });
    try {
      await rejects(stranger.webauthn.authenticate(), 'invalid_public_token');
    } finally {
      stranger.destroy();
    }
  });

  it('social sign-in: the token from the callback, exchanged once with the verifier the client kept', async () => {
    const token = await githubLandingToken(uniqueEmail('contract-oauth'));
    expect(sessionOf(await client.oauth.authenticate(token)).session.authentication_factors.map((f) => f.type)).toContain('oauth');
    // A used token, with the verifier of a newer flow of this browser: the server refuses it.
    await startGithub();
    await rejects(client.oauth.authenticate(token), 'oauth_token_not_found');
  });

  it('Google one-tap: the start, a forged credential refused, a real one answers the landing whose token the client exchanges (a server with Google configured)', async () => {
    await rejects(client.oauth.googleOneTap.start(), 'oauth_config_not_found');
    const idp = await startTestProvider();
    const google = await createServer(testConfig({}, idp.env('google', { idToken: true })), {
      clock: testClock(),
      logger: { info() {}, warn() {}, error() {} },
    });
    target = google;
    try {
      const { client_id, nonce } = await client.oauth.googleOneTap.start();
      const claims = { aud: client_id, sub: 'sub-contract-onetap', nonce, email: uniqueEmail('contract-onetap'), email_verified: true };
      await rejects(client.oauth.googleOneTap.submit(await idp.idToken(claims, { forged: true })), 'invalid_id_token');
      // The submit sends the page to the landing: catch it, then exchange its token as the landing does.
      let landed = '';
      const assign = vi.spyOn(window.location, 'assign').mockImplementation((url: string | URL) => {
        landed = String(url);
      });
      try {
        const response = await client.oauth.googleOneTap.submit(await idp.idToken(claims), { nonce });
        expect(landed).toBe(response.redirect_url);
      } finally {
        assign.mockRestore();
      }
      const landing = new URL(landed);
      expect(`${landing.origin}${landing.pathname}`).toBe(config.project.signupRedirectUrls[0]);
      expect(landing.searchParams.get('vestibule_token_type')).toBe('oauth');
      const signedIn = sessionOf(await client.oauth.authenticate(landing.searchParams.get('token')!));
      expect(signedIn.provider_type).toBe('google');
      // The session is the other server's: end it there, so the next test starts signed out.
      await client.session.revoke({ forceClear: true });
    } finally {
      target = undefined;
      await google.close();
      await idp.close();
    }
  });

  it("crypto wallets: start, sign, sign in; a bad address, a stranger's signature and a used message are refused", async () => {
    await client.session.revoke({ forceClear: true });
    const account = privateKeyToAccount(generatePrivateKey());
    const ethereum = { crypto_wallet_address: account.address.toLowerCase(), crypto_wallet_type: 'ethereum' as const };
    await rejects(client.cryptoWallets.authenticateStart({ crypto_wallet_address: '0x1234', crypto_wallet_type: 'ethereum' }), 'invalid_crypto_wallet_address');
    await rejects(client.cryptoWallets.authenticateStart({ ...ethereum, chain_id: 137 }), 'unsupported_crypto_chain');
    const { challenge } = await client.cryptoWallets.authenticateStart(ethereum);
    const stranger = await privateKeyToAccount(generatePrivateKey()).signMessage({ message: challenge });
    await rejects(client.cryptoWallets.authenticate({ ...ethereum, signature: stranger }), 'invalid_crypto_signature');
    const signature = await account.signMessage({ message: challenge });
    const signedIn = sessionOf(await client.cryptoWallets.authenticate({ ...ethereum, signature }));
    expect(signedIn.crypto_wallet_address).toBe(account.address);
    expect(client.user.getSync()?.crypto_wallets.map((w) => w.crypto_wallet_address)).toEqual([account.address]);
    await rejects(client.cryptoWallets.authenticate({ ...ethereum, signature }), 'crypto_challenge_not_found');

    // A Solana wallet signed while signed in joins the same user.
    const secret = ed25519.utils.randomSecretKey();
    const solana = { crypto_wallet_address: base58.encode(ed25519.getPublicKey(secret)), crypto_wallet_type: 'solana' as const };
    const message = (await client.cryptoWallets.authenticateStart(solana)).challenge;
    const both = sessionOf(
      await client.cryptoWallets.authenticate({ ...solana, signature: base58.encode(ed25519.sign(new TextEncoder().encode(message), secret)) }),
    );
    expect(both.user_id).toBe(signedIn.user_id);
    expect(both.user.crypto_wallets.map((w) => w.crypto_wallet_type).sort()).toEqual(['ethereum', 'solana']);
  });

  it('the account page: every change on its success path and its refusal', async () => {
    await client.session.revoke({ forceClear: true });
    const signedIn = sessionOf(await client.oauth.authenticate(await githubLandingToken(uniqueEmail('contract-account-oauth'))));
    const github = signedIn.user.oauth_accounts[0]!;
    const { account } = client;

    const email = uniqueEmail('contract-account');
    await rejects(account.emailStart({ email: 'not an email' }), 'invalid_email');
    expect((await account.emailStart({ email })).sent_to).toBe(email);
    const code = codeIn(await outboxText(email));
    await rejects(account.emailAdd({ email, code: '12ab56' }), 'invalid_code');
    const withEmail = await account.emailAdd({ email, code });
    const emailId = withEmail.emails.find((row) => row.email === email)!.email_id;
    await rejects(account.emailPrimary({ email_id: 'email-unknown' }), 'email_not_found');
    expect((await account.emailPrimary({ email_id: emailId })).emails.find((row) => row.primary)!.email).toBe(email);
    expect(client.user.getSync()?.emails.find((row) => row.primary)?.email).toBe(email);

    const phone = uniquePhone();
    await rejects(account.phoneStart({ phone_number: '+1 nope' }), 'invalid_phone_number');
    await account.phoneStart({ phone_number: phone });
    const phoneCode = codeIn(await outboxText(phone));
    await rejects(account.phoneAdd({ phone_number: phone, code: '12ab56' }), 'invalid_code');
    const phoneId = (await account.phoneAdd({ phone_number: phone, code: phoneCode })).phone_numbers[0]!.phone_id;
    await rejects(account.phonePrimary({ phone_id: 'phone-unknown' }), 'phone_number_not_found');
    expect((await account.phonePrimary({ phone_id: phoneId })).phone_numbers[0]!.primary).toBe(true);

    await rejects(account.passwordSet({ password: 'password' }), 'weak_password');
    expect((await account.passwordSet({ password: 'Contract account 9 passphrase' })).password).not.toBeNull();
    expect((await account.passwordRemove()).password).toBeNull();
    await rejects(account.passwordRemove(), 'no_user_password');

    expect((await account.oauthLinkStart({ provider: 'github' })).link_token).toBeTruthy();
    await rejects(account.oauthLinkStart({ provider: 'nope' as 'github' }), 'bad_request');
    await rejects(account.oauthDisconnect({ provider_type: 'github', provider_subject: 'nobody' }), 'oauth_account_not_found');
    expect((await account.oauthDisconnect({ provider_type: github.provider_type, provider_subject: github.provider_subject })).oauth_accounts).toEqual([]);

    const wallet = privateKeyToAccount(generatePrivateKey());
    const ethereum = { crypto_wallet_address: wallet.address.toLowerCase(), crypto_wallet_type: 'ethereum' as const };
    const { challenge } = await client.cryptoWallets.authenticateStart(ethereum);
    // A wallet this client never started a message for: it has no verifier to send.
    const unstarted = privateKeyToAccount(generatePrivateKey());
    const unstartedSignature = await unstarted.signMessage({ message: challenge });
    await rejects(account.walletLink({ ...ethereum, crypto_wallet_address: unstarted.address.toLowerCase(), signature: unstartedSignature }), 'bad_request');
    const linked = await account.walletLink({ ...ethereum, signature: await wallet.signMessage({ message: challenge }) });
    await rejects(account.walletRemove({ crypto_wallet_id: 'crypto-wallet-unknown' }), 'crypto_wallet_not_found');
    expect((await account.walletRemove({ crypto_wallet_id: linked.crypto_wallets[0]!.crypto_wallet_id })).crypto_wallets).toEqual([]);

    // Another device of the same user (signed in past the client), signed out from this one.
    await server.app.fetch(
      new Request(`${config.publicUrl}/sdk/v1/magic_links/email/login_or_create`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Public-Token': PUBLIC_TOKEN },
        body: JSON.stringify({ email }),
      }),
      peer('127.0.0.1'),
    );
    await server.app.fetch(
      new Request(`${config.publicUrl}/sdk/v1/magic_links/authenticate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Public-Token': PUBLIC_TOKEN },
        body: JSON.stringify({ token: tokenFromLink(await outboxText(email)).token }),
      }),
      peer('127.0.0.1'),
    );
    const devices = (await account.sessions()).sessions;
    expect(devices.map((device) => device.current).sort()).toEqual([false, true]);
    await rejects(account.sessionRevoke({ session_id: 'session-unknown' }), 'device_not_found');
    await account.sessionRevoke({ session_id: devices.find((device) => !device.current)!.session_id });
    expect((await account.sessionRevokeOthers()).revoked).toBe(0);

    await rejects(account.updateUntrustedMetadata({ untrusted_metadata: ['not an object'] as never }), 'bad_request');
    expect((await account.updateUntrustedMetadata({ untrusted_metadata: { theme: 'dark' } })).untrusted_metadata).toEqual({ theme: 'dark' });
    expect(client.user.getSync()?.untrusted_metadata).toEqual({ theme: 'dark' });

    await rejects(account.emailRemove({ email_id: 'email-unknown' }), 'email_not_found');
    await rejects(account.phoneRemove({ phone_id: 'phone-unknown' }), 'phone_number_not_found');
    expect((await account.phoneRemove({ phone_id: phoneId })).phone_numbers).toEqual([]);
    // Left: the address the provider gave at sign-in, now the primary one.
    const left = (await account.emailRemove({ email_id: emailId })).emails;
    expect(left.map((row) => row.primary)).toEqual([true]);

    await rejects(account.delete({ confirmation: email }), 'account_deletion_not_confirmed');
    await account.delete({ confirmation: left[0]!.email });
    expect(client.session.getSync()).toBeNull();
    // The deleted user's session, put back into the cookie: every call of the page is refused.
    for (const call of [() => account.sessions(), () => account.sessionRevokeOthers()]) {
      document.cookie = `vestibule_session=${signedIn.session_token}; Path=/`;
      await rejects(call(), 'session_not_found');
    }
  });

  it('two-step verification: turned on from the account page; a held sign-in keeps only the intermediate cookie, the second step only the session cookies', async () => {
    await client.session.revoke({ forceClear: true });
    const email = uniqueEmail('contract-two-step');
    const signInByLink = async () => {
      await client.magicLinks.email.loginOrCreate(email);
      return client.magicLinks.authenticate(tokenFromLink(await outboxText(email)).token);
    };
    sessionOf(await signInByLink());
    const { account } = client;
    await rejects(account.recoveryCodes(), 'totp_not_enabled');
    await rejects(account.totpDelete(), 'totp_not_enabled');
    const { secret, otpauth_uri } = await account.totpCreate();
    expect(otpauth_uri).toContain(secret);
    await rejects(account.totpEnrol({ code: wrongCodes(secret, 1, clock())[0]! }), 'invalid_totp_code');
    const enrolled = await account.totpEnrol({ code: appCode(secret, clock()) });
    expect(enrolled.recovery_codes).toHaveLength(10);
    expect(client.user.getSync()?.totp?.recovery_codes_remaining).toBe(10);
    await rejects(account.totpCreate(), 'totp_already_enabled');
    // With the app on, new recovery codes need the second step proven on the session (the link is a first factor).
    await rejects(account.recoveryCodes(), 'reauthentication_required');
    await rejects(client.twoStep.confirm({ code: wrongCodes(secret, 1, clock())[0]! }), 'invalid_totp_code');
    const byCode = await client.twoStep.confirmWithRecoveryCode({ recovery_code: enrolled.recovery_codes[0]! });
    expect(byCode.recovery_codes_remaining).toBe(9);
    expect(client.session.getSync()?.authentication_factors.map((f) => f.type)).toEqual(['magic_link', 'recovery_code']);
    await rejects(client.twoStep.confirmWithRecoveryCode({ recovery_code: enrolled.recovery_codes[0]! }), 'invalid_recovery_code');
    const { recovery_codes } = await account.recoveryCodes();
    expect(recovery_codes.filter((code) => enrolled.recovery_codes.includes(code))).toEqual([]);

    // Signed out, the person signs in again: the first factor is held back for the app's code.
    await client.session.revoke();
    const held = heldOf(await signInByLink());
    expect(held.two_step).toBe('verify');
    expectCookies('intermediate');
    expect(cookies().vestibule_intermediate_session_token).toBe(held.intermediate_session_token);
    expect(client.session.getSync()).toBeNull();
    await rejects(client.twoStep.authenticate({ code: wrongCodes(secret, 1, clock())[0]! }), 'invalid_totp_code');
    expectCookies('intermediate');
    const signedIn = await client.twoStep.authenticate({ code: nextCode(secret, clock()) });
    expect(signedIn.session.authentication_factors.map((f) => f.type)).toEqual(['magic_link', 'totp']);
    expectCookies('session');
    expect(client.session.getSync()?.session_id).toBe(signedIn.session.session_id);

    // Again, with a recovery code instead.
    await client.session.revoke();
    heldOf(await signInByLink());
    await rejects(client.twoStep.authenticateWithRecoveryCode({ recovery_code: enrolled.recovery_codes[0]! }), 'invalid_recovery_code');
    const recovered = await client.twoStep.authenticateWithRecoveryCode({ recovery_code: recovery_codes[0]! });
    expect(recovered.recovery_codes_remaining).toBe(9);
    expectCookies('session');
    expect(client.user.getSync()?.totp?.recovery_codes_remaining).toBe(9);

    // A minute on, the app's new code proves the step again on this session, and the session stored says so.
    clock.advanceMinutes(1);
    const confirmed = await client.twoStep.confirm({ code: appCode(secret, clock()) });
    expect(confirmed.session.authentication_factors.map((f) => f.type)).toEqual(['magic_link', 'recovery_code', 'totp']);
    expect(client.session.getSync()?.session_id).toBe(recovered.session.session_id);
    expect(client.session.getSync()?.authentication_factors.map((f) => f.type)).toEqual(['magic_link', 'recovery_code', 'totp']);
    expect((await account.totpDelete()).totp).toBeNull();
    expect(client.user.getSync()?.totp).toBeNull();
  });

  it("two-step verification where the project requires it: the app added in the second step (a server with mfa 'required')", async () => {
    await client.session.revoke({ forceClear: true });
    const required = await createServer(testConfig({ project: { mfa: 'required' } as never }), { clock, logger: { info() {}, warn() {}, error() {} } });
    target = required;
    try {
      const wallet = privateKeyToAccount(generatePrivateKey());
      const ethereum = { crypto_wallet_address: wallet.address.toLowerCase(), crypto_wallet_type: 'ethereum' as const };
      const { challenge } = await client.cryptoWallets.authenticateStart(ethereum);
      const held = heldOf(await client.cryptoWallets.authenticate({ ...ethereum, signature: await wallet.signMessage({ message: challenge }) }));
      expect(held.two_step).toBe('enrol');
      expectCookies('intermediate');
      const { secret } = await client.twoStep.create();
      await rejects(client.twoStep.enrol({ code: wrongCodes(secret, 1, clock())[0]! }), 'invalid_totp_code');
      const enrolled = await client.twoStep.enrol({ code: appCode(secret, clock()) });
      expect(enrolled.recovery_codes).toHaveLength(10);
      expect(enrolled.session.authentication_factors.map((f) => f.type)).toEqual(['crypto', 'totp']);
      expectCookies('session');
      expect(client.user.getSync()?.totp).not.toBeNull();

      // The intermediate session was spent: put back into its cookie, the server no longer knows it, and the client lets it go.
      document.cookie = `vestibule_intermediate_session_token=${held.intermediate_session_token}; Path=/`;
      await rejects(client.twoStep.create(), 'intermediate_session_not_found');
      expect(cookies().vestibule_intermediate_session_token).toBeUndefined();
      await client.session.revoke({ forceClear: true });
    } finally {
      target = undefined;
      await required.close();
    }
  });

  it('identity provider: preflight, Allow, logout preflight; an unregistered redirect URI and no session are refused', async () => {
    const request = {
      client_id: 'demo-rp',
      redirect_uri: 'http://localhost:3001/callback',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'st',
      nonce: 'n-1',
    };
    if (client.session.getSync()) await client.session.revoke();
    await rejects(client.idp.authorizeStart(request), 'user_unauthenticated');
    await rejects(client.idp.authorizeSubmit({ ...request, consent_granted: true }), 'user_unauthenticated');
    const email = uniqueEmail('idp');
    await client.magicLinks.email.loginOrCreate(email);
    await client.magicLinks.authenticate(tokenFromLink(await outboxText(email)).token);
    await rejects(client.idp.authorizeStart({ ...request, redirect_uri: 'https://evil.example/cb' }), 'idp_redirect_uri_not_registered');
    const preflight = await client.idp.authorizeStart(request);
    expect(preflight).toMatchObject({
      consent_required: true,
      client: { client_id: 'demo-rp' },
      scope_results: [{ scope: 'openid' }, { scope: 'email' }, { scope: 'profile' }],
    });
    const submitted = await client.idp.authorizeSubmit({ ...request, consent_granted: true });
    expect(new URL(submitted.redirect_uri).searchParams.get('code')).toBeTruthy();
    await rejects(
      client.idp.logoutStart({ client_id: 'demo-rp', post_logout_redirect_uri: 'https://evil.example/' }),
      'idp_post_logout_redirect_uri_not_registered',
    );
    const logout = await client.idp.logoutStart({ client_id: 'demo-rp', post_logout_redirect_uri: 'http://localhost:3001/', state: 'bye' });
    expect(logout).toMatchObject({ consent_required: true, redirect_uri: 'http://localhost:3001/?state=bye' });

    // The session guard: a trusted auth token of the host's identity system becomes a session.
    await client.session.revoke({ forceClear: true });
    const trusted = (audience: string) =>
      new SignJWT({ email })
        .setProtectedHeader({ alg: 'ES256', kid: 'host-1' })
        .setIssuer('https://host.example')
        .setAudience(audience)
        .setSubject('host-user-1')
        .setExpirationTime('5m')
        .sign(hostKeys.privateKey);
    await rejects(client.session.attest({ profile_id: 'host', token: await trusted('someone-else') }), 'invalid_trusted_auth_token');
    await rejects(client.session.attest({ profile_id: 'nobody', token: await trusted('vestibule') }), 'token_profile_not_found');
    const attested = await client.session.attest({ profile_id: 'host', token: await trusted('vestibule') });
    expect(attested.user.emails.map((e) => e.email)).toEqual([email]);
    expect(attested.session.authentication_factors.map((f) => f.type)).toEqual(['attested']);
    expect(Date.parse(attested.session.expires_at) - Date.parse(attested.session.started_at)).toBe(60 * 60_000);
    expect(client.session.getSync()?.session_id).toBe(attested.session.session_id);
  });

  it('bootstrap and events with a public token of no project are refused', async () => {
    const stranger = createVestibuleClient({ publicToken: 'public-token-test-nobody', apiBaseUrl: config.publicUrl, fetch: contractFetch as typeof fetch });
    try {
      await stranger.bootstrap.getAsync().catch(() => undefined);
      stranger.events.log('render_login_screen', {});
      await stranger.events.flush().catch(() => undefined);
    } finally {
      stranger.destroy();
    }
    expect(answered.get('GET /sdk/v1/projects/bootstrap')).toContain('error');
    expect(answered.get('POST /sdk/v1/events')).toContain('error');
  });

  it('events', async () => {
    client.events.log('render_login_screen', { options: {} });
    await client.events.flush();
  });

  it('reached every SDK route of the contract on its success path and its error path, each answer as declared', () => {
    // Redirect routes are browser navigations, which the client starts but never fetches.
    const sdk = routes
      .filter((route) => route.kind !== 'redirect' && route.path.startsWith('/sdk/v1/'))
      .map((route) => `${route.method.toUpperCase()} ${route.path}`);
    const missing = sdk.flatMap((key) => (['ok', 'error'] as const).filter((kind) => !answered.get(key)?.has(kind)).map((kind) => `${key} (${kind})`));
    expect(missing).toEqual([]);
    expect(mismatches).toEqual([]);
  });
});
