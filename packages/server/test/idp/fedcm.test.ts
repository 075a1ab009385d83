import { request } from 'node:http';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/account.js';
import { uniqueEmail } from '../helpers/harness.js';
import { manage } from '../helpers/management.js';
import type { Answer, ListeningServer, SendOptions } from '../helpers/listening.js';
import { sharedListening } from '../helpers/shared-stack.js';
import { together } from '../helpers/together.js';

/**
 * The identity provider through the browser's FedCM, called as Chromium calls it (Sec-Fetch-Dest:
 * webidentity, the FedCM cookie, the relying party's Origin on the ID assertion) against the
 * listening server: the well-known and config files, the accounts, client metadata, ID assertion and
 * disconnect endpoints, the login URL that makes the cookie from the host page's session, the login
 * status on session checks and sign-out; and every wrong call refused with a 4xx and its error_type.
 */

let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

/** The development client demo-rp's page origin (its redirect URI is http://localhost:3001/callback). */
const RP = 'http://localhost:3001';
const COOKIE = '__Host-vestibule_fedcm';
const WEBIDENTITY = { 'Sec-Fetch-Dest': 'webidentity' };

async function signedIn() {
  const email = uniqueEmail('fedcm');
  const session = await s.signInByLink(email);
  return { email, token: session.session_token, userId: session.user.user_id };
}

/** A call as the browser's FedCM makes it: no public token, the cookie of `token`, and the headers given. */
const fedcm = (method: string, path: string, token: string | null, headers: Record<string, string> = {}, options: SendOptions = {}): Promise<Answer> =>
  s.send(method, path, undefined, {
    token: null,
    ...options,
    headers: { ...WEBIDENTITY, ...(token ? { Cookie: `${COOKIE}=${token}` } : {}), ...headers },
  });

const assertion = (token: string | null, form: Record<string, string>, headers: Record<string, string> = { Origin: RP }) =>
  fedcm('POST', '/fedcm/assertion', token, headers, { form });

const assertionForm = (userId: string, nonce = 'n-0123456789') => ({
  client_id: 'demo-rp',
  account_id: userId,
  params: JSON.stringify({ nonce }),
  is_auto_selected: 'false',
  disclosure_text_shown: 'true',
});

async function verified(idToken: string) {
  const jwks = createLocalJWKSet((await s.send<JSONWebKeySet>('GET', '/.well-known/jwks.json', undefined, { token: null })).body);
  return (await jwtVerify(idToken, jwks, { issuer: s.config.publicUrl, audience: 'demo-rp', algorithms: ['RS256'] })).payload;
}

/** A body sent as it is, with its own Content-Type (the helper's send writes its own). */
function rawPost(path: string, body: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: s.port, method: 'POST', path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A FedCM refusal: the ErrorResponse and FedCM's error member carrying the same type. */
function expectRefused(answer: Answer, status: number, errorType: string) {
  expectError(answer, status, errorType);
  expect(answer.body.error).toEqual({ error: errorType });
}

describe('the well-known and config files', () => {
  it('name the config file, its accounts endpoint and login URL, and every endpoint on the API origin', async () => {
    const base = s.config.publicUrl;
    const wellKnown = await s.send('GET', '/.well-known/web-identity', undefined, { token: null, headers: WEBIDENTITY });
    expect(wellKnown.status).toBe(200);
    expect(wellKnown.body).toEqual({
      provider_urls: [`${base}/fedcm/config.json`],
      accounts_endpoint: `${base}/fedcm/accounts`,
      login_url: `${base}/fedcm/login`,
    });
    const config = await s.send('GET', '/fedcm/config.json', undefined, { token: null, headers: WEBIDENTITY });
    expect(config.status).toBe(200);
    expect(config.headers['content-type']).toMatch(/^application\/json/);
    expect(config.body).toEqual({
      accounts_endpoint: `${base}/fedcm/accounts`,
      client_metadata_endpoint: `${base}/fedcm/client_metadata`,
      id_assertion_endpoint: `${base}/fedcm/assertion`,
      disconnect_endpoint: `${base}/fedcm/disconnect`,
      login_url: `${base}/fedcm/login`,
      branding: { name: s.config.project.name },
    });
  });

  it('are in the OpenAPI document with the other endpoints', async () => {
    const doc = await s.send('GET', '/openapi.json', undefined, { token: null });
    for (const path of [
      '/.well-known/web-identity',
      '/fedcm/config.json',
      '/fedcm/accounts',
      '/fedcm/client_metadata',
      '/fedcm/assertion',
      '/fedcm/disconnect',
      '/fedcm/login',
    ])
      expect(Object.keys(doc.body.paths)).toContain(path);
  });
});

describe('the login URL', () => {
  const open = (cookie?: string) => fetch(`http://localhost:${s.port}/fedcm/login`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });

  const confirm = (cookie: string, sessionId: string, site = 'same-origin') =>
    fetch(`http://localhost:${s.port}/fedcm/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': site },
      body: new URLSearchParams({ session_id: sessionId }).toString(),
    });

  it("asks 'Continue as {email}' first; only that press, from its own page, copies the session into the FedCM cookie (HttpOnly, Secure, SameSite=None), says logged-in and closes its window", async () => {
    const { token, email } = await signedIn();
    const asked = await open(`vestibule_session=${token}`);
    expect(asked.status).toBe(200);
    expect(asked.headers.get('set-cookie')).toBeNull();
    expect(asked.headers.get('set-login')).toBeNull();
    expect(asked.headers.get('content-security-policy')).toMatch(/^default-src 'none'; form-action 'self'; style-src 'sha256-[^']+'$/);
    const page = await asked.text();
    expect(page).toContain(`Continue as ${email}`);
    const sessionId = /name="session_id" value="([^"]+)"/.exec(page)![1]!;

    // A form on another page (a sibling host's among them) is no press on this one.
    for (const site of ['same-site', 'cross-site', 'none']) {
      const refused = await confirm(`vestibule_session=${token}`, sessionId, site);
      expect(refused.status, site).toBe(403);
      expect(refused.headers.get('set-cookie')).toBeNull();
    }
    // Another session than the one the page showed: asked again.
    const other = await signedIn();
    const changed = await confirm(`vestibule_session=${other.token}`, sessionId);
    expect(changed.status).toBe(303);
    expect(changed.headers.get('set-cookie')).toBeNull();

    const answer = await confirm(`vestibule_session=${token}`, sessionId);
    expect(answer.status).toBe(200);
    const cookie = answer.headers.get('set-cookie')!;
    expect(cookie).toMatch(new RegExp(`^${COOKIE}=${token};`));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('SameSite=None');
    expect(cookie).toContain('Path=/;');
    expect(answer.headers.get('set-login')).toBe('logged-in');
    expect(answer.headers.get('content-security-policy')).toMatch(/^default-src 'none'; script-src 'sha256-/);
    expect(await answer.text()).toContain('IdentityProvider.close()');
  });

  it('two host session cookies (one planted by a sibling host, sent first by its narrower path) take neither', async () => {
    const victim = await signedIn();
    const attacker = await signedIn();
    const cookies = `vestibule_session=${attacker.token}; vestibule_session=${victim.token}`;
    const asked = await open(cookies);
    expect(asked.status).toBe(409);
    expect(await asked.text()).not.toContain(attacker.email);
    const pressed = await confirm(cookies, 'session-anything');
    expect(pressed.status).toBe(409);
    expect(pressed.headers.get('set-cookie')).toBeNull();
  });

  it('escapes the address it shows', async () => {
    const local = `o'brien&x-${Date.now()}`;
    const session = await s.signInByLink(`${local}@example.com`);
    const page = await (await open(`vestibule_session=${session.session_token}`)).text();
    expect(page).toContain(`Continue as ${local.replace('&', '&amp;').replace("'", '&#39;')}@example.com`);
    expect(page).not.toContain(local);
  });

  it('without a live session sends the person to the sign-in page and sets nothing', async () => {
    for (const cookie of [undefined, 'vestibule_session=not-a-session']) {
      const answer = await open(cookie);
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe(s.config.project.loginRedirectUrls[0]);
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(answer.headers.get('set-login')).toBeNull();
    }
  });
});

describe('the accounts endpoint', () => {
  it("answers the FedCM cookie's account: id, name, email, login hints, and approved clients once the person signs in to one", async () => {
    const { email, token, userId } = await signedIn();
    const answer = await fedcm('GET', '/fedcm/accounts', token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toEqual({ accounts: [{ id: userId, name: email, email, approved_clients: [], login_hints: [email] }] });
    expect((await assertion(token, assertionForm(userId))).status).toBe(200);
    expect((await fedcm('GET', '/fedcm/accounts', token)).body.accounts[0].approved_clients).toEqual(['demo-rp']);
  });

  it('refuses a call that is not FedCM (a page cannot send Sec-Fetch-Dest: webidentity), even with the cookie', async () => {
    const { token } = await signedIn();
    for (const dest of [undefined, 'empty', 'document']) {
      const answer = await s.send('GET', '/fedcm/accounts', undefined, {
        token: null,
        headers: { Cookie: `${COOKIE}=${token}`, ...(dest ? { 'Sec-Fetch-Dest': dest } : {}) },
      });
      expectError(answer, 403, 'fedcm_request_required');
    }
  });

  it('refuses without the cookie (a Bearer session is not read here), and with one whose session ended', async () => {
    const { token } = await signedIn();
    expectError(await fedcm('GET', '/fedcm/accounts', null, { Authorization: `Bearer ${token}` }), 401, 'user_unauthenticated');
    expectError(await fedcm('GET', '/fedcm/accounts', 'not-a-session-token'), 401, 'session_not_found');
    expect((await s.send('POST', '/sdk/v1/sessions/revoke', {}, { session: token })).status).toBe(200);
    expectError(await fedcm('GET', '/fedcm/accounts', token), 401, 'session_not_found');
  });
});

describe('the client metadata endpoint', () => {
  it('answers a registered client at one of its origins, and refuses another origin, an unknown client and a missing client_id', async () => {
    const metadata = (query: string, origin = RP) => fedcm('GET', `/fedcm/client_metadata${query}`, null, { Origin: origin });
    const ok = await metadata('?client_id=demo-rp&top_level_origin=https%3A%2F%2Fportal.example');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({});
    expectError(await metadata('?client_id=demo-rp', 'https://evil.example'), 403, 'idp_origin_not_registered');
    expectError(await metadata('?client_id=nobody'), 400, 'idp_client_not_found');
    expectError(await metadata(''), 400, 'bad_request');
    expectError(
      await s.send('GET', '/fedcm/client_metadata?client_id=demo-rp', undefined, { token: null, headers: { Origin: RP } }),
      403,
      'fedcm_request_required',
    );
  });
});

describe('the ID assertion endpoint', () => {
  it("answers an ID token for the client (signed like the code flow's, with the nonce) and CORS for its origin with credentials", async () => {
    const { email, token, userId } = await signedIn();
    const answer = await assertion(token, { ...assertionForm(userId, 'nonce-in-params'), fields: 'name,email', disclosure_shown_for: 'name,email' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(RP);
    expect(answer.headers['access-control-allow-credentials']).toBe('true');
    expect(answer.headers.vary).toContain('Origin');
    expect(Object.keys(answer.body)).toEqual(['token']);
    const claims = await verified(answer.body.token);
    expect(claims).toMatchObject({ iss: s.config.publicUrl, aud: 'demo-rp', sub: userId, nonce: 'nonce-in-params', email, email_verified: true });
    expect(claims.auth_time).toEqual(expect.any(Number));
    expect(claims).not.toHaveProperty('at_hash');
  });

  it('gives no ID token to a client that may not ask for openid, as the code flow gives none', async () => {
    const clientId = `fedcm-no-openid-${Date.now()}`;
    const made = await manage(s, 'POST', '/v1/idp_clients', {
      client_id: clientId,
      client_name: 'No OpenID',
      client_type: 'public',
      redirect_uris: [`${RP}/callback`],
      allowed_scopes: ['phone'],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const { token, userId } = await signedIn();
    const refused = await assertion(token, { ...assertionForm(userId), client_id: clientId });
    expect(refused.status).toBe(403);
    expect(refused.body).not.toHaveProperty('token');
    expect((await fedcm('GET', '/fedcm/accounts', token)).body.accounts[0].approved_clients).not.toContain(clientId);
  });

  it('takes the nonce as browsers before Chrome 145 sent it, and none at all', async () => {
    const { token, userId } = await signedIn();
    const { params: _params, ...withoutParams } = assertionForm(userId);
    const legacy = await assertion(token, { ...withoutParams, nonce: 'top-level-nonce' });
    expect((await verified(legacy.body.token)).nonce).toBe('top-level-nonce');
    const none = await assertion(token, withoutParams);
    expect(decodeJwt(none.body.token)).not.toHaveProperty('nonce');
  });

  it('refuses a call that is not FedCM, an unknown client, a page of another origin, no session and another account', async () => {
    const { token, userId } = await signedIn();
    const other = await signedIn();
    const form = assertionForm(userId);
    expectError(
      await s.send('POST', '/fedcm/assertion', undefined, { token: null, form, headers: { Origin: RP, Cookie: `${COOKIE}=${token}` } }),
      403,
      'fedcm_request_required',
    );
    expectRefused(await assertion(token, { ...form, client_id: 'nobody' }), 400, 'idp_client_not_found');
    for (const origin of ['https://evil.example', 'http://localhost:3002', 'null']) {
      const refused = await assertion(token, form, { Origin: origin });
      expectRefused(refused, 403, 'idp_origin_not_registered');
      // No CORS for that page: it cannot even read the refusal.
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    }
    expectRefused(await assertion(token, form, {}), 403, 'idp_origin_not_registered');
    const anonymous = await assertion(null, form);
    expectRefused(anonymous, 401, 'user_unauthenticated');
    // The client's own page may read why (the browser tells it through IdentityCredentialError.error).
    expect(anonymous.headers['access-control-allow-origin']).toBe(RP);
    expectRefused(await assertion('not-a-session-token', form), 401, 'session_not_found');
    expectRefused(await assertion(token, { ...form, account_id: other.userId }), 403, 'fedcm_account_not_signed_in');
    expectRefused(await assertion(other.token, form), 403, 'fedcm_account_not_signed_in');
  });

  it('refuses bad bodies with 400 bad_request, never a 500', async () => {
    const { token, userId } = await signedIn();
    const form = assertionForm(userId);
    const headers = { ...WEBIDENTITY, Origin: RP, Cookie: `${COOKIE}=${token}` };
    const raw = (body: string, contentType: string) => rawPost('/fedcm/assertion', body, { ...headers, 'Content-Type': contentType });
    const bad: Answer[] = [
      await raw(JSON.stringify(form), 'application/json'),
      await raw('client_id=demo-rp&client_id=other&account_id=x', 'application/x-www-form-urlencoded'),
      await raw('client_id=demo-rp&account_id=a%00b', 'application/x-www-form-urlencoded'),
      await raw('', 'application/x-www-form-urlencoded'),
      await assertion(token, { client_id: 'demo-rp' }),
      await assertion(token, { ...form, client_id: 'x'.repeat(257) }),
      await assertion(token, { ...form, params: 'not json' }),
      await assertion(token, { ...form, params: '["nonce"]' }),
      await assertion(token, { ...form, params: JSON.stringify({ nonce: 42 }) }),
      await assertion(token, { ...form, params: JSON.stringify({ nonce: 'n'.repeat(513) }) }),
    ];
    for (const answer of bad) expectRefused(answer, 400, 'bad_request');
    expectError(await raw('x'.repeat(20_000), 'application/x-www-form-urlencoded'), 413, 'payload_too_large');
  });

  it('attack: the same assertion request 50 times at once: every answer a valid token, the approval recorded once, no 500', async () => {
    const { token, userId } = await signedIn();
    const answers = await together(50, (_, bodyAfter) =>
      fedcm('POST', '/fedcm/assertion', token, { Origin: RP }, { form: assertionForm(userId, 'raced'), bodyAfter }),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    for (const answer of answers.slice(0, 5)) expect((await verified(answer.body.token)).nonce).toBe('raced');
    expect((await fedcm('GET', '/fedcm/accounts', token)).body.accounts[0].approved_clients).toEqual(['demo-rp']);
  });
});

describe('the disconnect endpoint', () => {
  it("forgets the person's approval of the client and names the account; refuses another origin and no session", async () => {
    const { token, userId } = await signedIn();
    await assertion(token, assertionForm(userId));
    const disconnect = (cookie: string | null, origin = RP) =>
      fedcm('POST', '/fedcm/disconnect', cookie, { Origin: origin }, { form: { client_id: 'demo-rp', account_hint: 'anything' } });
    expectRefused(await disconnect(token, 'https://evil.example'), 403, 'idp_origin_not_registered');
    expectRefused(await disconnect(null), 401, 'user_unauthenticated');
    const answer = await disconnect(token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ account_id: userId });
    expect(answer.headers['access-control-allow-origin']).toBe(RP);
    expect((await fedcm('GET', '/fedcm/accounts', token)).body.accounts[0].approved_clients).toEqual([]);
  });
});

describe('the login status', () => {
  it('a session check says logged-in; signing out says logged-out', async () => {
    const { token } = await signedIn();
    const check = await s.send('POST', '/sdk/v1/sessions/authenticate', {}, { session: token });
    expect(check.status).toBe(200);
    expect(check.headers['set-login']).toBe('logged-in');
    const revoke = await s.send('POST', '/sdk/v1/sessions/revoke', {}, { session: token });
    expect(revoke.status).toBe(200);
    expect(revoke.headers['set-login']).toBe('logged-out');
    // A refused check says nothing: it is not this browser's only way to know.
    expect((await s.send('POST', '/sdk/v1/sessions/authenticate', {}, { session: token })).headers['set-login']).toBeUndefined();
  });
});
