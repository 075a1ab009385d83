import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/free-port.js';
import { uniqueEmail } from './helpers/harness.js';
import { startListening, type ListeningServer } from './helpers/listening.js';

/**
 * The identity provider driven by a certified OpenID Connect client library (openid-client) against
 * the listening server: discovery, the authorization page's preflight and submit (as the widget
 * calls them, with a signed-in session), the code grant with PKCE, the id_token checked by the
 * library, userinfo, refresh rotation, revocation and logout's preflight; and the ways each fails.
 */

const RP = 'http://localhost:3001/callback';
const CONFIDENTIAL_SECRET = 'confidential-secret-4a7c2e9f0b1d3c5e';
const CONFIDENTIAL_REDIRECT = 'http://localhost:4000/cb';

let s: ListeningServer;
let issuer: string;

beforeAll(async () => {
  const port = await freePort();
  issuer = `http://localhost:${port}`;
  s = await startListening(
    { port, publicUrl: issuer },
    {
      RP_SECRET: CONFIDENTIAL_SECRET,
      VESTIBULE_IDP_CLIENTS: JSON.stringify([
        {
          client_id: 'confidential-rp',
          client_name: 'Confidential RP',
          client_type: 'confidential',
          redirect_uris: [CONFIDENTIAL_REDIRECT],
          post_logout_redirect_uris: ['http://localhost:4000/'],
          allowed_scopes: ['openid', 'email', 'offline_access'],
          client_secret_env: 'RP_SECRET',
        },
      ]),
    },
  );
});
afterAll(() => s.close());

const discover = (clientId = 'demo-rp', auth: oidc.ClientAuth = oidc.None()) =>
  oidc.discovery(new URL(issuer), clientId, undefined, auth, { execute: [oidc.allowInsecureRequests] });

interface Started {
  url: URL;
  verifier: string;
  state: string;
  nonce: string;
}

async function authorizationRequest(config: oidc.Configuration, extra: Record<string, string> = {}, redirectUri = RP): Promise<Started> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return { url, verifier, state, nonce };
}

/** What the widget on the authorization page does: the preflight, then Allow. */
async function allow(started: Started, session: string, consent = true) {
  const params = Object.fromEntries(started.url.searchParams);
  const preflight = await s.send('POST', '/sdk/v1/oauth2/authorize/start', params, { session });
  expect(preflight.status, JSON.stringify(preflight.body)).toBe(200);
  const submit = await s.send('POST', '/sdk/v1/oauth2/authorize', { ...params, consent_granted: consent }, { session });
  expect(submit.status, JSON.stringify(submit.body)).toBe(200);
  return { preflight: preflight.body, callback: new URL(submit.body.redirect_uri) };
}

/** The whole authorization-code flow for a signed-in user: the request, Allow, and the code's exchange (checked as a client checks it). */
async function codeTokens(session: string, config: oidc.Configuration, extra: Record<string, string> = {}, redirectUri = RP) {
  const started = await authorizationRequest(config, extra, redirectUri);
  const { callback } = await allow(started, session);
  return oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: started.verifier, expectedState: started.state, expectedNonce: started.nonce });
}

async function signedIn() {
  const email = uniqueEmail('idp');
  const session = await s.signInByLink(email);
  return { email, session: session.session_token, userId: session.user.user_id };
}

async function form(path: string, body: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(`${issuer}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body),
  });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

const oauthError = (error: string) => expect.objectContaining({ error });

describe('discovery', () => {
  it('names the issuer, the authorization page and the endpoints', async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc).toMatchObject({
      issuer,
      authorization_endpoint: 'http://localhost:3000/idp',
      end_session_endpoint: 'http://localhost:3000/idp',
      token_endpoint: `${issuer}/oauth2/token`,
      userinfo_endpoint: `${issuer}/oauth2/userinfo`,
      revocation_endpoint: `${issuer}/oauth2/revoke`,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      id_token_signing_alg_values_supported: ['RS256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    });
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile', 'phone', 'offline_access']));
  });
});

describe('authorization code flow with PKCE (openid-client)', () => {
  it('signs in: consent, code, id_token validated by the library, userinfo; consent is remembered', async () => {
    const config = await discover();
    const { email, session, userId } = await signedIn();
    const started = await authorizationRequest(config);
    const { preflight, callback } = await allow(started, session);
    expect(preflight).toMatchObject({
      consent_required: true,
      client: { client_id: 'demo-rp', client_type: 'public' },
      redirect_uri: RP,
      scope_results: [
        { scope: 'openid', description: expect.stringContaining('Verify your identity'), is_grantable: true },
        { scope: 'email', description: expect.any(String), is_grantable: true },
      ],
    });
    expect(callback.searchParams.get('state')).toBe(started.state);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
      expectedNonce: started.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({ iss: issuer, sub: userId, aud: 'demo-rp', nonce: started.nonce, email, email_verified: true });
    expect(claims.auth_time).toEqual(expect.any(Number));
    expect(claims.at_hash).toEqual(expect.any(String));
    expect(tokens.refresh_token).toBeUndefined();
    const info = await oidc.fetchUserInfo(config, tokens.access_token, userId);
    expect(info).toMatchObject({ sub: userId, email, email_verified: true });

    // The next request of the same scopes needs no consent; prompt=consent asks again.
    const again = await s.send('POST', '/sdk/v1/oauth2/authorize/start', Object.fromEntries((await authorizationRequest(config)).url.searchParams), {
      session,
    });
    expect(again.body.consent_required).toBe(false);
    const forced = await s.send(
      'POST',
      '/sdk/v1/oauth2/authorize/start',
      Object.fromEntries((await authorizationRequest(config, { prompt: 'consent' })).url.searchParams),
      { session },
    );
    expect(forced.body.consent_required).toBe(true);
    // prompt=none with consent remembered: a code straight away.
    const silent = await authorizationRequest(config, { prompt: 'none' });
    const quiet = await allow(silent, session, false);
    expect(quiet.callback.searchParams.get('code')).toBeTruthy();
  });

  it('Deny sends access_denied back with the state', async () => {
    const config = await discover();
    const { session } = await signedIn();
    const started = await authorizationRequest(config);
    const { callback } = await allow(started, session, false);
    expect(callback.origin + callback.pathname).toBe(RP);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(started.state);
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('refresh tokens (offline_access) rotate; a reused one revokes the grant, the rotated token too', async () => {
    const config = await discover();
    const { session, userId } = await signedIn();
    const first = await codeTokens(session, config, { scope: 'openid offline_access' });
    expect(first.refresh_token).toEqual(expect.any(String));
    const second = await oidc.refreshTokenGrant(config, first.refresh_token!);
    expect(second.refresh_token).toEqual(expect.any(String));
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.claims()?.sub).toBe(userId);
    await expect(oidc.refreshTokenGrant(config, first.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(oidc.refreshTokenGrant(config, second.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    const info = await fetch(`${issuer}/oauth2/userinfo`, { headers: { Authorization: `Bearer ${second.access_token}` } });
    expect(info.status).toBe(401);
  });

  it('a refresh asking for more than the grant is refused without spending the token: the next refresh works and the grant lives', async () => {
    const config = await discover();
    const { session } = await signedIn();
    const first = await codeTokens(session, config, { scope: 'openid offline_access' });
    await expect(oidc.refreshTokenGrant(config, first.refresh_token!, { scope: 'openid offline_access phone' })).rejects.toMatchObject({
      error: 'invalid_scope',
    });
    const next = await oidc.refreshTokenGrant(config, first.refresh_token!);
    expect(next.refresh_token).toEqual(expect.any(String));
    const info = await fetch(`${issuer}/oauth2/userinfo`, { headers: { Authorization: `Bearer ${next.access_token}` } });
    expect(info.status).toBe(200);
    expect((await oidc.refreshTokenGrant(config, next.refresh_token!)).access_token).toEqual(expect.any(String));
  });

  it("a refresh that narrows the scopes narrows this answer's tokens, not only its label; the next refresh has the whole grant again", async () => {
    const config = await discover();
    const { session } = await signedIn();
    const first = await codeTokens(session, config, { scope: 'openid email offline_access' });
    const narrow = await oidc.refreshTokenGrant(config, first.refresh_token!, { scope: 'openid' });
    expect(narrow.scope).toBe('openid');
    expect(narrow.claims()?.email).toBeUndefined();
    const narrowInfo = (await (await fetch(`${issuer}/oauth2/userinfo`, { headers: { Authorization: `Bearer ${narrow.access_token}` } })).json()) as Record<
      string,
      unknown
    >;
    expect(narrowInfo.sub).toEqual(expect.any(String));
    expect(narrowInfo.email).toBeUndefined();
    const whole = await oidc.refreshTokenGrant(config, narrow.refresh_token!);
    expect(whole.scope).toBe('openid email offline_access');
    expect(whole.claims()?.email).toEqual(expect.any(String));
    // A scope parameter with nothing in it is no narrowing.
    const blank = await oidc.refreshTokenGrant(config, whole.refresh_token!, { scope: ' ' });
    expect(blank.scope).toBe('openid email offline_access');
  });

  it('revocation (RFC 7009): a revoked access token no longer reads userinfo; unknown tokens answer 200', async () => {
    const config = await discover();
    const { session } = await signedIn();
    const tokens = await codeTokens(session, config);
    await oidc.tokenRevocation(config, tokens.access_token);
    const info = await fetch(`${issuer}/oauth2/userinfo`, { method: 'POST', headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect(info.status).toBe(401);
    expect(info.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    expect((await form('/oauth2/revoke', { token: 'nothing-like-a-token', client_id: 'demo-rp' })).status).toBe(200);
  });

  it('a confidential client authenticates with client_secret_basic or client_secret_post; a wrong secret is invalid_client', async () => {
    const { session } = await signedIn();
    for (const auth of [oidc.ClientSecretBasic(CONFIDENTIAL_SECRET), oidc.ClientSecretPost(CONFIDENTIAL_SECRET)]) {
      const config = await discover('confidential-rp', auth);
      const tokens = await codeTokens(session, config, {}, CONFIDENTIAL_REDIRECT);
      expect(tokens.claims()?.aud).toBe('confidential-rp');
    }
    for (const auth of [oidc.ClientSecretBasic('wrong-secret'), oidc.ClientSecretPost('wrong-secret')]) {
      const config = await discover('confidential-rp', auth);
      const started = await authorizationRequest(config, {}, CONFIDENTIAL_REDIRECT);
      const { callback } = await allow(started, session);
      // 401 either way; with Basic the answer also carries WWW-Authenticate: Basic (RFC 6749 5.2),
      // which the library reports as a challenge rather than the body's invalid_client.
      await expect(
        oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: started.verifier, expectedState: started.state, expectedNonce: started.nonce }),
      ).rejects.toMatchObject({
        status: 401,
      });
    }
    const started = await authorizationRequest(await discover('confidential-rp', oidc.ClientSecretPost(CONFIDENTIAL_SECRET)), {}, CONFIDENTIAL_REDIRECT);
    const { callback } = await allow(started, session);
    const code = callback.searchParams.get('code')!;
    const token = { grant_type: 'authorization_code', code, redirect_uri: CONFIDENTIAL_REDIRECT, code_verifier: started.verifier };
    const basic = await form('/oauth2/token', token, { Authorization: `Basic ${Buffer.from('confidential-rp:wrong').toString('base64')}` });
    expect(basic).toMatchObject({ status: 401, body: oauthError('invalid_client') });
    expect(basic.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(await form('/oauth2/token', { ...token, client_id: 'confidential-rp' })).toMatchObject({ status: 401, body: oauthError('invalid_client') });
  });
});

describe('authorization request errors', () => {
  const base = {
    client_id: 'demo-rp',
    redirect_uri: RP,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 'st-1',
  };

  it('about the client or the redirect URI: a JSON error, never a redirect', async () => {
    const { session } = await signedIn();
    const wrong = await s.send('POST', '/sdk/v1/oauth2/authorize/start', { ...base, redirect_uri: 'http://localhost:3001/callback/' }, { session });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error_type: 'idp_redirect_uri_not_registered' });
    const missing = await s.send('POST', '/sdk/v1/oauth2/authorize/start', { client_id: 'demo-rp' }, { session });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error_type: 'bad_request', error_message: expect.stringContaining('redirect_uri') });
    const unknown = await s.send('POST', '/sdk/v1/oauth2/authorize/start', { ...base, client_id: 'nobody' }, { session });
    expect(unknown.body).toMatchObject({ error_type: 'idp_client_not_found' });
    const submit = await s.send('POST', '/sdk/v1/oauth2/authorize', { ...base, redirect_uri: 'https://evil.example/cb', consent_granted: true }, { session });
    expect(submit.body).toMatchObject({ error_type: 'idp_redirect_uri_not_registered' });
  });

  it('missing PKCE for a public client goes back as invalid_request; so does a wrong response_type (unsupported_response_type)', async () => {
    const { session } = await signedIn();
    const { code_challenge: _c, code_challenge_method: _m, ...noPkce } = base;
    const started = await s.send('POST', '/sdk/v1/oauth2/authorize/start', noPkce, { session });
    expect(started.status).toBe(200);
    expect(started.body.error).toBe('invalid_request');
    const back = new URL(started.body.redirect_uri);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('state')).toBe('st-1');
    const submitted = await s.send('POST', '/sdk/v1/oauth2/authorize', { ...noPkce, consent_granted: true }, { session });
    expect(new URL(submitted.body.redirect_uri).searchParams.get('code')).toBeNull();
    const token = await s.send('POST', '/sdk/v1/oauth2/authorize/start', { ...base, response_type: 'token' }, { session });
    expect(new URL(token.body.redirect_uri).searchParams.get('error')).toBe('unsupported_response_type');
    const scope = await s.send('POST', '/sdk/v1/oauth2/authorize/start', { ...base, scope: 'openid admin:everything' }, { session });
    expect(new URL(scope.body.redirect_uri).searchParams.get('error')).toBe('invalid_scope');
  });

  it('prompt=none without a session answers login_required; without prompt=none it is 401 user_unauthenticated', async () => {
    const none = await s.send('POST', '/sdk/v1/oauth2/authorize/start', { ...base, prompt: 'none' });
    expect(none.status).toBe(200);
    const back = new URL(none.body.redirect_uri);
    expect(back.searchParams.get('error')).toBe('login_required');
    expect(back.searchParams.get('state')).toBe('st-1');
    const plain = await s.send('POST', '/sdk/v1/oauth2/authorize/start', base);
    expect(plain.status).toBe(401);
    expect(plain.body).toMatchObject({ error_type: 'user_unauthenticated' });
  });
});

describe('token endpoint errors', () => {
  it('a replayed code is invalid_grant and revokes the tokens it gave', async () => {
    const config = await discover();
    const { session } = await signedIn();
    const started = await authorizationRequest(config);
    const { callback } = await allow(started, session);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
      expectedNonce: started.nonce,
    });
    expect((await fetch(`${issuer}/oauth2/userinfo`, { headers: { Authorization: `Bearer ${tokens.access_token}` } })).status).toBe(200);
    const replay = await form('/oauth2/token', {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: RP,
      code_verifier: started.verifier,
      client_id: 'demo-rp',
    });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual(oauthError('invalid_grant'));
    expect(replay.headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${issuer}/oauth2/userinfo`, { headers: { Authorization: `Bearer ${tokens.access_token}` } })).status).toBe(401);
  });

  it('a wrong code_verifier, or a different redirect_uri, is invalid_grant', async () => {
    const config = await discover();
    const { session } = await signedIn();
    for (const change of [{ code_verifier: oidc.randomPKCECodeVerifier() }, { redirect_uri: 'http://localhost:3001/other' }, { code_verifier: undefined }]) {
      const started = await authorizationRequest(config);
      const { callback } = await allow(started, session);
      const body: Record<string, string> = {
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: RP,
        code_verifier: started.verifier,
        client_id: 'demo-rp',
      };
      for (const [name, value] of Object.entries(change)) {
        if (value === undefined) delete body[name];
        else body[name] = value;
      }
      const answer = await form('/oauth2/token', body);
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.body).toEqual(oauthError('invalid_grant'));
    }
  });

  it('answers OAuth errors, never a 500, to bad requests', async () => {
    expect((await form('/oauth2/token', { grant_type: 'password', client_id: 'demo-rp' })).body).toEqual(oauthError('unsupported_grant_type'));
    expect((await form('/oauth2/token', { grant_type: 'authorization_code', client_id: 'nobody', code: 'x' })).status).toBe(401);
    expect((await form('/oauth2/token', { grant_type: 'authorization_code' })).body).toEqual(oauthError('invalid_client'));
    const json = await fetch(`${issuer}/oauth2/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual(oauthError('invalid_request'));
    const bearer = await fetch(`${issuer}/oauth2/userinfo`);
    expect(bearer.status).toBe(401);
    expect(bearer.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const basic = await form('/oauth2/token', { grant_type: 'authorization_code', code: 'x' }, { Authorization: 'Basic %%%' });
    expect(basic.status).toBe(401);
  });
});

describe('logout start', () => {
  it('no confirmation with an id_token_hint of the signed-in user; otherwise ask; unregistered post-logout URIs are JSON errors', async () => {
    const config = await discover();
    const { session } = await signedIn();
    const tokens = await codeTokens(session, config);
    const params = { client_id: 'demo-rp', post_logout_redirect_uri: 'http://localhost:3001/', state: 'bye' };
    const hinted = await s.send('POST', '/sdk/v1/oauth2/logout/start', { ...params, id_token_hint: tokens.id_token }, { session });
    expect(hinted.body).toMatchObject({ consent_required: false, redirect_uri: 'http://localhost:3001/?state=bye' });
    const plain = await s.send('POST', '/sdk/v1/oauth2/logout/start', params, { session });
    expect(plain.body.consent_required).toBe(true);
    const other = await signedIn();
    const foreign = await s.send('POST', '/sdk/v1/oauth2/logout/start', { ...params, id_token_hint: tokens.id_token }, { session: other.session });
    expect(foreign.body.consent_required).toBe(true);
    const wrong = await s.send('POST', '/sdk/v1/oauth2/logout/start', { ...params, post_logout_redirect_uri: 'http://localhost:3001/elsewhere' }, { session });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error_type: 'idp_post_logout_redirect_uri_not_registered' });
  });
});
