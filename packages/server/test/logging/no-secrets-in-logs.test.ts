import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SessionResponse } from '@vestibule/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logging/create-logger.js';
import { addPhone, asPerson, expectError, loopback, signedIn } from '../helpers/account.js';
import { devOAuthLanding, exchangeOAuthToken, oauthStartPath } from '../helpers/dev-oauth.js';
import { freePort } from '../helpers/free-port.js';
import { tokenFromLink, uniqueEmail } from '../helpers/harness.js';
import { RP, refreshApp, resetTokenIn, userinfo } from '../helpers/idp-app.js';
import { type Answer, type ListeningServer, type SendOptions, startListening } from '../helpers/listening.js';
import { MANAGEMENT_KEY, manage } from '../helpers/management.js';
import { CLIENT_SECRET, startTestProvider, type TestProvider } from '../helpers/oauth-provider.js';
import { codeIn, OTP, uniquePhone, wrongCode } from '../helpers/otp.js';
import { registerPasskey } from '../helpers/passkey-ceremonies.js';
import { pkcePair } from '../helpers/pkce.js';
import { type Knobs, SoftAuthenticator } from '../helpers/soft-authenticator.js';
import { ORIGIN, TEST_SECRET } from '../helpers/test-config.js';
import { ethereumWallet, solanaWallet, walletProof, type Wallet } from '../helpers/wallets.js';
import { appCode, firstStepByLink, heldToken, nextCode, turnOn, withAppCode, withRecoveryCode, wrongCodes } from '../two-step/helpers.js';
import { payloadOf, type Receiver, startReceiver } from '../webhooks/receiver.js';

/**
 * No token, code, password, secret, cookie or Authorization header reaches a log: every sign-in
 * method end to end over real sockets, right and wrong (failures are where details leak), with the
 * server's own logger (pino, JSON lines, every level) writing into an array, which is then searched
 * for every secret the test used or was given: links' and passcodes' secrets, passwords, passkey
 * and wallet signatures, OAuth codes, states and the provider's tokens, session tokens and JWTs,
 * the identity provider's codes and tokens, two-step codes, management keys and webhook secrets,
 * and the server's own settings (its secret, the text provider's token, the OAuth client secret).
 */

/** Every line the server logged, as written. */
const lines: string[] = [];
/** Each secret used, with what it is (for the failure message). */
const secrets = new Map<string, string>();
const keep = (what: string, value: string | null | undefined): string => {
  if (!value) throw new Error(`no ${what} to keep`);
  secrets.set(value, what);
  return value;
};

let s: ListeningServer;
let provider: TestProvider;
let tokenProxy: RecordingProxy;
let texts: TextApi;

beforeAll(async () => {
  provider = await startTestProvider();
  tokenProxy = await recordingProxy(`${provider.url}/token`);
  texts = await startTextApi();
  const log = createLogger({ level: 'trace', format: 'json' }, { write: (line: string) => void lines.push(line) });
  s = await startListening(
    {
      sms: { accountSid: 'AC0123456789abcdef', authToken: texts.authToken, fromNumber: '+15005550006', whatsappFrom: '+14155238886', baseUrl: texts.url },
      // Nothing answers there: every new password's range lookup fails, and that failure is logged.
      breachRangeUrl: `http://127.0.0.1:${await freePort()}`,
    } as never,
    { ...provider.env('google', { idToken: true }), VESTIBULE_OAUTH_GOOGLE_TOKEN_URL: tokenProxy.url },
    log,
  );
  keep('the server secret', TEST_SECRET);
  keep('the management key', MANAGEMENT_KEY);
  keep("the text provider's auth token", texts.authToken);
  keep("the text provider's Basic credentials", Buffer.from(`AC0123456789abcdef:${texts.authToken}`).toString('base64'));
  keep("the OAuth provider's client secret", CLIENT_SECRET);
});

afterAll(async () => {
  await s?.close();
  await Promise.all([provider?.close(), tokenProxy?.close(), texts?.close()]);
});

/** A session's secrets, kept. */
function keepSession(what: string, answer: Answer<SessionResponse>): SessionResponse {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(200);
  keep(`${what}: session token`, answer.body.session_token);
  keep(`${what}: session JWT`, answer.body.session_jwt);
  return answer.body;
}

/** A call that must be refused with this status and error_type. */
async function refused(answer: Promise<Answer>, status: number, errorType: string): Promise<void> {
  expectError(await answer, status, errorType);
}

/** Every string in a logged line, its JSON escapes undone. */
function textOf(line: string): string {
  const strings: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') strings.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(JSON.parse(line));
  return `${line}${strings.join('\n')}`;
}

/**
 * Whether `text` holds `secret`; a passcode only standing alone, not as six digits inside an id
 * (the ids in every line are hexadecimal).
 */
function contains(text: string, secret: string): boolean {
  if (!/^\d+$/.test(secret)) return text.includes(secret);
  return new RegExp(`(?<![0-9a-f])${secret}(?![0-9a-f])`, 'i').test(text);
}

/**
 * Once the server has written the request line of a call made now (so every call before it is
 * logged too): no secret kept so far, as it is or URL-encoded, in any line; and the lines hold
 * the request lines of `routes`, so the search is over what this test did.
 */
async function expectNoSecretLogged(routes: string[]): Promise<void> {
  const last = await s.send('GET', '/healthz', undefined, { token: null });
  await expect.poll(() => lines.some((line) => line.includes(`"request_id":"${last.headers['x-request-id']}"`))).toBe(true);
  const logged = lines.map((line) => JSON.parse(line));
  const loggedRoutes = new Set(logged.filter((line) => line.msg === 'Request answered').map((line) => line.route));
  expect(routes.filter((route) => !loggedRoutes.has(route))).toEqual([]);
  const text = lines.map(textOf);
  const leaks = [...secrets].flatMap(([value, what]) => {
    const line = text.find((t) => contains(t, value) || contains(t, encodeURIComponent(value)));
    return line ? [`${what} (${value}) in: ${line.split('\n')[0]}`] : [];
  });
  expect(leaks).toEqual([]);
}

describe('no secret reaches a log', () => {
  it('magic links: the link token, used, used again and made up', async () => {
    const email = uniqueEmail('logs-link');
    const from = loopback();
    expect((await s.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email }, { from })).status).toBe(200);
    const token = keep('a magic link token', tokenFromLink((await s.outbox(email))[0]!.text).token);
    keepSession('a magic link', await s.send('POST', '/sdk/v1/magic_links/authenticate', { token }, { from }));
    expect((await s.send('POST', '/sdk/v1/magic_links/authenticate', { token }, { from })).status).toBe(401);
    const madeUp = keep('a made-up magic link token', `${token.slice(0, -4)}AAAA`);
    expect((await s.send('POST', '/sdk/v1/magic_links/authenticate', { token: madeUp }, { from })).status).toBe(401);
    await expectNoSecretLogged(['/sdk/v1/magic_links/email/login_or_create', '/sdk/v1/magic_links/authenticate']);
  });

  it('passcodes by email, SMS and WhatsApp: right, wrong, and one the text provider refused', async () => {
    const from = loopback();
    const email = uniqueEmail('logs-otp');
    const sent = await s.send('POST', OTP.email, { email }, { from });
    const code = keep('an email passcode', codeIn((await s.outbox(email))[0]!.text));
    await refused(
      s.send('POST', OTP.authenticate, { method_id: sent.body.method_id, code: keep('a wrong passcode', wrongCode(code)) }, { from }),
      401,
      'otp_code_not_found',
    );
    keepSession('an email passcode', await s.send('POST', OTP.authenticate, { method_id: sent.body.method_id, code }, { from }));

    const phone = uniquePhone();
    for (const channel of ['sms', 'whatsapp'] as const) {
      const texted = await s.send('POST', OTP[channel], { phone_number: phone }, { from });
      expect(texted.status, JSON.stringify(texted.body)).toBe(200);
      const textCode = keep(`a ${channel} passcode`, codeIn(texts.lastTo(phone)));
      await refused(
        s.send('POST', OTP.authenticate, { method_id: texted.body.method_id, code: keep('a wrong passcode', wrongCode(textCode)) }, { from }),
        401,
        'otp_code_not_found',
      );
      keepSession(`a ${channel} passcode`, await s.send('POST', OTP.authenticate, { method_id: texted.body.method_id, code: textCode }, { from }));
    }

    // A number the provider refuses: the failure is logged with the provider's words, and without the code it was sent.
    const failed = await s.send('POST', OTP.sms, { phone_number: texts.refusedNumber }, { from });
    expect(failed.body.error_type).toBe('delivery_failed');
    keep('a passcode the provider refused', codeIn(texts.lastTo(texts.refusedNumber)));
    expect(lines.some((line) => line.includes(texts.refusal))).toBe(true);

    // On the account page, a number added by its passcode.
    const person = await signedIn(s, 'logs-phone');
    keep('a session token', person.session);
    const added = uniquePhone();
    await addPhone(s, person, added);
    keep('an account passcode', codeIn(texts.lastTo(added)));
    await expectNoSecretLogged([
      '/sdk/v1/otps/email/login_or_create',
      '/sdk/v1/otps/sms/login_or_create',
      '/sdk/v1/otps/whatsapp/login_or_create',
      '/sdk/v1/otps/authenticate',
    ]);
  });

  it('passwords: sign-up, sign-in, a wrong one, a weak one, the reset (its link, a weak new one, the new one) and the strength check', async () => {
    const from = loopback();
    const email = uniqueEmail('logs-password');
    const password = keep('a password', 'harbour-quartz-lantern-58');
    keepSession('a password sign-up', await s.send('POST', '/sdk/v1/passwords', { email, password }, { from }));
    keepSession('a password sign-in', await s.send('POST', '/sdk/v1/passwords/authenticate', { email, password }, { from }));
    await refused(
      s.send('POST', '/sdk/v1/passwords/authenticate', { email, password: keep('a wrong password', 'harbour-quartz-lantern-59') }, { from }),
      401,
      'unauthorized_credentials',
    );
    await refused(
      s.send('POST', '/sdk/v1/passwords', { email: uniqueEmail('logs-weak'), password: keep('a weak password', 'password1') }, { from }),
      400,
      'weak_password',
    );
    const checked = await s.send(
      'POST',
      '/sdk/v1/passwords/strength_check',
      { password: keep('a password checked', 'violet-anchor-marble-73'), email },
      { from },
    );
    expect(checked.status).toBe(200);

    expect((await s.send('POST', '/sdk/v1/passwords/email/reset/start', { email }, { from })).status).toBe(200);
    const message = (await s.outbox(email)).find((m) => m.text.includes('reset_password'))!;
    const resetToken = keep('a reset token', resetTokenIn(message.text));
    keep("the reset email's login link token", tokenFromLink(message.text).token);
    expect((await s.send('POST', '/sdk/v1/passwords/email/reset/check', { token: resetToken }, { from })).status).toBe(200);
    await refused(
      s.send('POST', '/sdk/v1/passwords/email/reset', { token: resetToken, password: keep('a weak new password', 'qwerty123') }, { from }),
      400,
      'weak_password',
    );
    const newPassword = keep('a new password', 'meadow-cobalt-pylon-64');
    keepSession('a reset', await s.send('POST', '/sdk/v1/passwords/email/reset', { token: resetToken, password: newPassword }, { from }));
    await refused(s.send('POST', '/sdk/v1/passwords/email/reset', { token: resetToken, password: newPassword }, { from }), 401, 'invalid_reset_token');
    keepSession('a sign-in with the new password', await s.send('POST', '/sdk/v1/passwords/authenticate', { email, password: newPassword }, { from }));
    // The range lookup of each new password failed, and said so.
    expect(lines.some((line) => line.includes('Breached-password range lookup failed'))).toBe(true);
    await expectNoSecretLogged(['/sdk/v1/passwords', '/sdk/v1/passwords/authenticate', '/sdk/v1/passwords/email/reset', '/sdk/v1/passwords/strength_check']);
  });

  it('passkeys: registered, signed in with, and responses with a wrong signature and from another origin', async () => {
    const person = await signedIn(s, 'logs-passkey');
    keep('a session token', person.session);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const registered = await registerPasskey(s, authenticator, { session: person.session, from: person.from });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);

    const passkeySignIn = async (tamper: (signature: string) => string = (signature) => signature, knobs: Knobs = {}) => {
      const start = await s.send('POST', '/sdk/v1/webauthn/authenticate/start', {}, { from: person.from });
      const credential = authenticator.authenticate(start.body.public_key_credential_request_options, knobs);
      credential.response.signature = keep('a passkey signature', tamper(credential.response.signature));
      keep("a passkey response's authenticator data", credential.response.authenticatorData);
      return s.send<SessionResponse>('POST', '/sdk/v1/webauthn/authenticate', { public_key_credential: credential }, { from: person.from });
    };
    keepSession('a passkey', await passkeySignIn());
    await refused(
      passkeySignIn((signature) => `${signature.slice(0, 20)}${signature[20] === 'A' ? 'B' : 'A'}${signature.slice(21)}`),
      401,
      'invalid_webauthn_response',
    );
    // A phishing page's response (with an origin of 5 KB): refused, and why is logged, tied to the
    // request, cut to the start of the reason.
    const phished = await passkeySignIn(undefined, { origin: `https://phish.example/${'a'.repeat(5000)}` });
    expectError(phished, 401, 'invalid_webauthn_response');
    const why = lines.map((line) => JSON.parse(line)).findLast((line) => line.msg === 'Passkey response refused');
    expect(why).toMatchObject({ request_id: phished.headers['x-request-id'], reason: expect.stringContaining('https://phish.example/aaa') });
    expect(why.reason.length).toBeLessThanOrEqual(300);
    await expectNoSecretLogged(['/sdk/v1/webauthn/register', '/sdk/v1/webauthn/authenticate']);
  });

  it('OAuth with a provider: its code, the state, its tokens, our landing token and the verifier; a wrong verifier, state and code', async () => {
    const from = '127.0.0.1';
    /** The start, then the provider approving: the callback it sends the browser to. */
    const toCallback = async (challenge: string) => {
      const start = await s.send('GET', oauthStartPath('google', challenge), undefined, { token: null, from });
      expect(start.status, JSON.stringify(start.body)).toBe(302);
      const approved = await fetch(String(start.headers.location), { redirect: 'manual' });
      const callback = new URL(approved.headers.get('location')!);
      keep('an OAuth state', callback.searchParams.get('state'));
      keep("the provider's authorization code", callback.searchParams.get('code'));
      return callback;
    };
    const land = async (callback: URL) => {
      const landed = await s.send('GET', `${callback.pathname}${callback.search}`, undefined, { token: null, from });
      return new URL(String(landed.headers.location));
    };

    provider.user = { sub: `sub-${uniqueEmail('logs')}`, email: uniqueEmail('logs-oauth'), email_verified: true, name: 'Pat' };
    /** A whole flow: the landing's token, and the verifier the browser kept. */
    const flow = async () => {
      const pkce = pkcePair();
      keep('a PKCE verifier', pkce.verifier);
      const token = keep('an OAuth landing token', (await land(await toCallback(pkce.challenge))).searchParams.get('token'));
      return { token, verifier: pkce.verifier };
    };
    const signIn = await flow();
    keepSession('an OAuth sign-in', await s.send('POST', '/sdk/v1/oauth/authenticate', { token: signIn.token, code_verifier: signIn.verifier }, { from }));
    const wrongVerifier = { token: (await flow()).token, code_verifier: keep('a wrong verifier', pkcePair().verifier) };
    await refused(s.send('POST', '/sdk/v1/oauth/authenticate', wrongVerifier, { from }), 404, 'oauth_token_not_found');
    for (const answer of tokenProxy.answers) {
      keep("the provider's access token", answer.access_token);
      keep("the provider's ID token", answer.id_token);
    }

    // A state nobody issued, and the provider's answer with a code it never gave: both land on the host's page with an error.
    const wrongState = await toCallback(pkcePair().challenge);
    wrongState.searchParams.set('state', keep('a made-up state', pkcePair().verifier));
    expect((await land(wrongState)).searchParams.get('error_type')).toBe('oauth_flow_callback_error');
    const wrongCodeCallback = await toCallback(pkcePair().challenge);
    wrongCodeCallback.searchParams.set('code', keep('a made-up authorization code', pkcePair().verifier));
    expect((await land(wrongCodeCallback)).searchParams.get('error_type')).toBe('oauth_flow_callback_error');
    expect(lines.filter((line) => line.includes('OAuth callback refused'))).toHaveLength(2);

    // The development provider, which plays every provider not configured.
    const dev = await devOAuthLanding(s, { provider: 'github', email: uniqueEmail('logs-dev-oauth') });
    keep('a development OAuth landing token', dev.token);
    keep('a PKCE verifier', dev.verifier);
    keepSession('a development OAuth sign-in', await exchangeOAuthToken(s, dev));
    await expectNoSecretLogged(['/sdk/v1/oauth/start', '/sdk/v1/oauth/callback', '/sdk/v1/oauth/authenticate']);
  });

  it("Google one-tap: the provider's ID token and the nonce; a forged token", async () => {
    const from = loopback();
    const pkce = pkcePair();
    const start = await s.send('POST', '/sdk/v1/oauth/google/onetap/start', {}, { from });
    const nonce = keep('a one-tap nonce', start.body.nonce);
    const claims = { aud: 'google-client', sub: `sub-${uniqueEmail('logs')}`, nonce, email: uniqueEmail('logs-onetap'), email_verified: true };
    const forged = keep('a forged ID token', await provider.idToken(claims, { forged: true }));
    await refused(
      s.send('POST', '/sdk/v1/oauth/google/onetap', { id_token: forged, nonce, code_challenge: pkce.challenge }, { from }),
      401,
      'invalid_id_token',
    );
    const idToken = keep('a one-tap ID token', await provider.idToken(claims));
    const submitted = await s.send('POST', '/sdk/v1/oauth/google/onetap', { id_token: idToken, nonce, code_challenge: pkce.challenge }, { from });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const token = keep('a one-tap landing token', new URL(submitted.body.redirect_url).searchParams.get('token'));
    keepSession(
      'a one-tap sign-in',
      await s.send('POST', '/sdk/v1/oauth/authenticate', { token, code_verifier: keep('a PKCE verifier', pkce.verifier) }, { from }),
    );
    expect(lines.some((line) => line.includes('One-tap sign-in refused'))).toBe(true);
    await expectNoSecretLogged(['/sdk/v1/oauth/google/onetap']);
  });

  it('Ethereum and Solana wallets: the signatures and verifiers; a wrong verifier, a signature used again', async () => {
    for (const wallet of [ethereumWallet(), solanaWallet()] as Wallet[]) {
      const from = loopback();
      const proof = await walletProof(s, wallet, { from });
      keep(`a ${wallet.type} signature`, proof.signature);
      keep('a PKCE verifier', proof.code_verifier);
      const wrongVerifier = { ...proof, code_verifier: keep('a wrong verifier', pkcePair().verifier) };
      expect((await s.send('POST', '/sdk/v1/crypto_wallets/authenticate', wrongVerifier, { from })).status).toBeGreaterThanOrEqual(400);
      const second = await walletProof(s, wallet, { from });
      keep(`a ${wallet.type} signature`, second.signature);
      keep('a PKCE verifier', second.code_verifier);
      keepSession(`a ${wallet.type} wallet`, await s.send('POST', '/sdk/v1/crypto_wallets/authenticate', second, { from }));
      const again = await s.send('POST', '/sdk/v1/crypto_wallets/authenticate', second, { from });
      expect(again.status).toBeGreaterThanOrEqual(400);
    }
    await expectNoSecretLogged(['/sdk/v1/crypto_wallets/authenticate/start', '/sdk/v1/crypto_wallets/authenticate']);
  });

  it('sessions: checked (the hot path), with a token that is wrong, revoked, and checked after', async () => {
    const person = await signedIn(s, 'logs-session');
    const options: SendOptions = { session: keep('a session token', person.session), from: person.from };
    const checked = await s.send('POST', '/sdk/v1/sessions/authenticate', {}, options);
    keep('a session JWT', checked.body.session_jwt);
    await refused(
      s.send('POST', '/sdk/v1/sessions/authenticate', {}, { ...options, session: keep('a made-up session token', `${person.session}x`) }),
      401,
      'session_not_found',
    );
    expect((await s.send('POST', '/sdk/v1/sessions/revoke', {}, options)).status).toBe(200);
    await refused(s.send('POST', '/sdk/v1/sessions/authenticate', {}, options), 401, 'session_not_found');
    await expectNoSecretLogged(['/sdk/v1/sessions/authenticate', '/sdk/v1/sessions/revoke']);
  });

  it("the identity provider: a public and a confidential client's codes, access, refresh and ID tokens, and the client secret; wrong ones of each", async () => {
    const person = await signedIn(s, 'logs-idp');
    keep('a session token', person.session);
    const made = await manage(s, 'POST', '/v1/idp_clients', {
      client_id: `logs-rp-${Date.now()}`,
      client_name: 'Logs',
      client_type: 'confidential',
      redirect_uris: ['https://rp.example/callback'],
      allowed_scopes: ['openid', 'email', 'offline_access'],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const confidential = {
      id: made.body.client.client_id as string,
      secret: keep('a client secret', made.body.client_secret),
      redirect: 'https://rp.example/callback',
    };

    for (const client of [{ id: 'demo-rp', secret: null, redirect: RP }, confidential]) {
      const pkce = pkcePair();
      keep('a PKCE verifier', pkce.verifier);
      const request = {
        client_id: client.id,
        redirect_uri: client.redirect,
        scope: 'openid email offline_access',
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
        state: keep("a relying party's state", pkcePair().verifier),
        nonce: keep("a relying party's nonce", pkcePair().verifier),
      };
      const submit = await s.send('POST', '/sdk/v1/oauth2/authorize', { ...request, consent_granted: true }, { session: person.session, from: person.from });
      expect(submit.status, JSON.stringify(submit.body)).toBe(200);
      const code = keep('an authorization code', new URL(submit.body.redirect_uri).searchParams.get('code'));
      const auth: Record<string, string> = client.secret ? { Authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}` } : {};
      const exchange = (form: Record<string, string>, headers: Record<string, string> = auth) =>
        s.send('POST', '/oauth2/token', undefined, { token: null, form: client.secret ? form : { ...form, client_id: client.id }, headers });
      const grant = { grant_type: 'authorization_code', code, redirect_uri: client.redirect, code_verifier: pkce.verifier };
      if (client.secret) {
        const wrongSecret = keep('a wrong client secret', `${client.secret.slice(0, -4)}AAAA`);
        const wrong = await exchange(grant, { Authorization: `Basic ${Buffer.from(`${client.id}:${wrongSecret}`).toString('base64')}` });
        expect(wrong.status).toBe(401);
      }
      expect((await exchange({ ...grant, code: keep('a made-up authorization code', `${code}x`) })).status).toBe(400);
      const tokens = await exchange(grant);
      expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
      const access = keep('an access token', tokens.body.access_token);
      const refresh = keep('a refresh token', tokens.body.refresh_token);
      keep('an ID token', tokens.body.id_token);
      expect((await userinfo(s, access)).status).toBe(200);
      expect((await userinfo(s, keep('a made-up access token', `${access}x`))).status).toBe(401);
      if (!client.secret) {
        const refreshed = await refreshApp(s, refresh);
        expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
        keep('a refreshed access token', refreshed.body.access_token);
        keep('a new refresh token', refreshed.body.refresh_token);
        keep('a refreshed ID token', refreshed.body.id_token);
        expect((await refreshApp(s, keep('a made-up refresh token', `${refresh}x`))).status).toBe(400);
        const revoked = await s.send('POST', '/oauth2/revoke', undefined, { token: null, form: { token: refreshed.body.refresh_token, client_id: client.id } });
        expect(revoked.status).toBe(200);
      }
      // A code used again: refused, and what it gave is revoked.
      expect((await exchange(grant)).status).toBe(400);
    }
    await expectNoSecretLogged(['/sdk/v1/oauth2/authorize', '/oauth2/token', '/oauth2/userinfo', '/oauth2/revoke', '/v1/idp_clients']);
  });

  it('two-step verification: the app key, its codes right and wrong, the recovery codes right and wrong, the intermediate sessions', async () => {
    const person = await signedIn(s, 'logs-two-step');
    keep('a session token', person.session);
    const { secret, recoveryCodes } = await turnOn(s, person);
    keep('a two-step app key', secret);
    keep('a two-step code', appCode(secret));
    for (const code of recoveryCodes) keep('a recovery code', code);

    const first = heldToken(await firstStepByLink(s, person.email, person.from));
    keep('an intermediate session token', first);
    const [wrong] = wrongCodes(secret, 1);
    expect((await withAppCode(s, first, keep('a wrong two-step code', wrong), person.from)).status).toBe(401);
    keepSession('a two-step code', await withAppCode(s, first, keep('a two-step code', nextCode(secret)), person.from));

    const second = heldToken(await firstStepByLink(s, person.email, person.from));
    keep('an intermediate session token', second);
    expect((await withRecoveryCode(s, second, keep('a wrong recovery code', 'abcd-efgh-ijkl'), person.from)).status).toBe(401);
    keepSession('a recovery code', await withRecoveryCode(s, second, recoveryCodes[0]!, person.from));
    expect(lines.some((line) => line.includes('Held for two-step verification'))).toBe(true);
    await expectNoSecretLogged(['/sdk/v1/two_step/totp/authenticate', '/sdk/v1/two_step/recovery_codes/authenticate']);
  });

  it('the management API: a key made, used and a wrong one; a webhook secret and the signatures of its deliveries', async () => {
    const made = await manage(s, 'POST', '/v1/keys', { name: 'logs' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const key = keep('a management key', made.body.key);
    expect((await manage(s, 'GET', '/v1/keys', undefined, { session: key })).status).toBe(200);
    expect((await manage(s, 'GET', '/v1/keys', undefined, { session: keep('a wrong management key', `${key.slice(0, -4)}AAAA`) })).status).toBe(401);

    const receiver: Receiver = await startReceiver();
    try {
      const webhook = await manage(s, 'POST', '/v1/webhooks', { url: receiver.url, event_types: ['user.created'] });
      expect(webhook.status, JSON.stringify(webhook.body)).toBe(200);
      receiver.secret = keep('a webhook secret', webhook.body.secret);
      const person = await signedIn(s, 'logs-webhook');
      keep('a session token', person.session);
      const delivered = await receiver.waitFor((received) => received.some((r) => payloadOf(r).data.user_id === person.userId));
      for (const request of delivered) keep("a webhook delivery's signature", String(request.headers['webhook-signature']).split(',')[1]);
      expect((await manage(s, 'DELETE', `/v1/webhooks/${webhook.body.webhook_id}`)).status).toBe(200);
    } finally {
      await receiver.close();
    }
    await expectNoSecretLogged(['/v1/keys', '/v1/webhooks', '/v1/webhooks/:webhook_id']);
  });

  it('an account page change confirms itself with a passcode: the code, and a wrong one', async () => {
    const person = await signedIn(s, 'logs-account');
    keep('a session token', person.session);
    const email = uniqueEmail('logs-second-email');
    expect((await asPerson(s, person, 'emails/start', { email })).status).toBe(200);
    const code = keep('an account passcode', codeIn((await s.outbox(email))[0]!.text));
    expect((await asPerson(s, person, 'emails/add', { email, code: keep('a wrong account passcode', wrongCode(code)) })).status).toBeGreaterThanOrEqual(400);
    expect((await asPerson(s, person, 'emails/add', { email, code })).status).toBe(200);
    await expectNoSecretLogged(['/sdk/v1/account/emails/start', '/sdk/v1/account/emails/add']);
  });
});

// ---- the stand-ins ------------------------------------------------------------------------------

interface RecordingProxy {
  url: string;
  /** Each token answer the provider gave our server. */
  answers: Array<Record<string, string>>;
  close(): Promise<void>;
}

/** The provider's token endpoint through a pass-through that keeps its answers: the tokens our server got, which no log may hold. */
async function recordingProxy(target: string): Promise<RecordingProxy> {
  const answers: RecordingProxy['answers'] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', async () => {
      const headers = Object.fromEntries(
        ['authorization', 'content-type', 'accept'].flatMap((name) => (request.headers[name] ? [[name, String(request.headers[name])]] : [])),
      );
      const answered = await fetch(target, { method: 'POST', headers, body });
      const text = await answered.text();
      if (answered.ok) answers.push(JSON.parse(text));
      response.writeHead(answered.status, { 'Content-Type': 'application/json' }).end(text);
    });
  });
  return { ...(await listen(server)), answers };
}

interface TextApi {
  url: string;
  authToken: string;
  /** A number it refuses, and the words it refuses with. */
  refusedNumber: string;
  refusal: string;
  /** The text of the last message to `to`. */
  lastTo(to: string): string;
  close(): Promise<void>;
}

/** A text provider speaking Twilio's Messages API: keeps each message's text, refuses one number as Twilio refuses an invalid one. */
async function startTextApi(): Promise<TextApi> {
  const refusedNumber = uniquePhone();
  const refusal = "The 'To' number is not a valid phone number.";
  const sent = new Map<string, string>();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      const to = (form.get('To') ?? '').replace(/^whatsapp:/, '');
      sent.set(to, form.get('Body') ?? '');
      response.setHeader('Content-Type', 'application/json');
      if (to === refusedNumber) response.writeHead(400).end(JSON.stringify({ code: 21211, message: refusal, status: 400 }));
      else response.writeHead(201).end(JSON.stringify({ sid: 'SM0', status: 'queued' }));
    });
  });
  const { url, close } = await listen(server);
  return {
    url,
    close,
    authToken: 'text-api-auth-token-7c1f9e2b',
    refusedNumber,
    refusal,
    lastTo: (to) => {
      const text = sent.get(to);
      if (text === undefined) throw new Error(`No text to ${to}`);
      return text;
    },
  };
}

async function listen(server: Server): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
