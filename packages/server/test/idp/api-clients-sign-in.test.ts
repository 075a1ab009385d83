import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/account.js';
import { freePort } from '../helpers/free-port.js';
import { uniqueEmail } from '../helpers/harness.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import { manage } from '../helpers/management.js';

/**
 * The identity provider with clients made through the management API, driven by a certified
 * OpenID Connect client library (openid-client) as a real relying party would: the sign-in with a
 * confidential client whose secret the API answered, its exact redirect and post-logout URIs, the
 * CORS of a single-page app's origin, a new secret replacing the old one, and a deletion that ends
 * every token the client was given, at once. Its own listening server (the issuer is its URL).
 */

const APP = 'https://billing.example';
const CALLBACK = `${APP}/callback`;
const SPA = 'https://spa.example';

let s: ListeningServer;
let issuer: string;
beforeAll(async () => {
  const port = await freePort();
  issuer = `http://localhost:${port}`;
  s = await startListening({ port, publicUrl: issuer });
});
afterAll(() => s.close());

let made = 0;
async function createClient(body: Record<string, unknown>): Promise<{ clientId: string; secret: string | null }> {
  const answer = await manage(s, 'POST', '/v1/idp_clients', { client_id: `rp-${++made}-${Date.now()}`, client_name: 'Billing', ...body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { clientId: answer.body.client.client_id, secret: answer.body.client_secret };
}

const confidentialClient = () =>
  createClient({
    client_type: 'confidential',
    redirect_uris: [CALLBACK],
    post_logout_redirect_uris: [`${APP}/`],
    allowed_scopes: ['openid', 'email', 'offline_access'],
  });

const discover = (clientId: string, auth: oidc.ClientAuth) =>
  oidc.discovery(new URL(issuer), clientId, undefined, auth, { execute: [oidc.allowInsecureRequests] });

async function signedIn() {
  const email = uniqueEmail('api-rp');
  const signed = await s.signInByLink(email);
  return { email, session: signed.session_token, userId: signed.user_id };
}

/** The relying party's request, then what the widget on the authorization page does (preflight, Allow), then the code's exchange. */
async function signInThrough(config: oidc.Configuration, session: string, scope = 'openid email offline_access', redirectUri = CALLBACK) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  const params = Object.fromEntries(url.searchParams);
  const preflight = await s.send('POST', '/sdk/v1/oauth2/authorize/start', params, { session });
  expect(preflight.status, JSON.stringify(preflight.body)).toBe(200);
  const submit = await s.send('POST', '/sdk/v1/oauth2/authorize', { ...params, consent_granted: true }, { session });
  expect(submit.status, JSON.stringify(submit.body)).toBe(200);
  const tokens = await oidc.authorizationCodeGrant(config, new URL(submit.body.redirect_uri), {
    pkceCodeVerifier: verifier,
    expectedState: state,
    expectedNonce: nonce,
  });
  return { preflight: preflight.body, tokens };
}

const userinfoStatus = async (access: string) => (await fetch(`${issuer}/oauth2/userinfo`, { headers: { Authorization: `Bearer ${access}` } })).status;

function tokenForm(body: Record<string, string>, headers: Record<string, string> = {}) {
  return s.send('POST', '/oauth2/token', undefined, { token: null, form: body, headers });
}

describe('a relying party registered through the API', () => {
  it('signs a user in with openid-client: consent names it, the id_token is checked by the library, userinfo and refresh work', async () => {
    const { clientId, secret } = await confidentialClient();
    const config = await discover(clientId, oidc.ClientSecretBasic(secret!));
    const { email, session, userId } = await signedIn();
    const { preflight, tokens } = await signInThrough(config, session);
    expect(preflight).toMatchObject({ consent_required: true, client: { client_id: clientId, client_name: 'Billing', client_type: 'confidential' } });
    expect(tokens.claims()).toMatchObject({ iss: issuer, sub: userId, aud: clientId, email, email_verified: true });
    expect(await oidc.fetchUserInfo(config, tokens.access_token, userId)).toMatchObject({ sub: userId, email });
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.claims()?.sub).toBe(userId);
    // client_secret_post too; a wrong secret is refused.
    const post = await discover(clientId, oidc.ClientSecretPost(secret!));
    expect((await oidc.refreshTokenGrant(post, refreshed.refresh_token!)).access_token).toEqual(expect.any(String));
    const wrong = await tokenForm({ grant_type: 'refresh_token', refresh_token: 'x', client_id: clientId, client_secret: `${secret}x` });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  });

  it('matches its redirect URIs exactly, and its post-logout URIs', async () => {
    const { clientId } = await confidentialClient();
    const { session } = await signedIn();
    const base = { client_id: clientId, scope: 'openid', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' };
    for (const near of [`${CALLBACK}/`, `${CALLBACK}?next=1`, 'https://Billing.example/callback', 'http://billing.example/callback', `${APP}/callbacks`]) {
      const answer = await s.send('POST', '/sdk/v1/oauth2/authorize/start', { ...base, redirect_uri: near }, { session });
      expectError(answer, 400, 'idp_redirect_uri_not_registered');
    }
    expect((await s.send('POST', '/sdk/v1/oauth2/authorize/start', { ...base, redirect_uri: CALLBACK }, { session })).status).toBe(200);

    const logout = { client_id: clientId, state: 'bye' };
    const registered = await s.send('POST', '/sdk/v1/oauth2/logout/start', { ...logout, post_logout_redirect_uri: `${APP}/` }, { session });
    expect(registered.body).toMatchObject({ redirect_uri: `${APP}/?state=bye` });
    const other = await s.send('POST', '/sdk/v1/oauth2/logout/start', { ...logout, post_logout_redirect_uri: `${APP}/elsewhere` }, { session });
    expectError(other, 400, 'idp_post_logout_redirect_uri_not_registered');

    // A change of the redirect URIs holds from the next request.
    await manage(s, 'PATCH', `/v1/idp_clients/${clientId}`, { redirect_uris: [`${APP}/v2/callback`] });
    expectError(
      await s.send('POST', '/sdk/v1/oauth2/authorize/start', { ...base, redirect_uri: CALLBACK }, { session }),
      400,
      'idp_redirect_uri_not_registered',
    );
    expect((await s.send('POST', '/sdk/v1/oauth2/authorize/start', { ...base, redirect_uri: `${APP}/v2/callback` }, { session })).status).toBe(200);
  });

  it('a public one must use PKCE and has no secret', async () => {
    const { clientId } = await createClient({ client_type: 'public', redirect_uris: [CALLBACK] });
    const { session } = await signedIn();
    const started = await s.send('POST', '/sdk/v1/oauth2/authorize/start', { client_id: clientId, redirect_uri: CALLBACK, state: 'st' }, { session });
    expect(started.body.error).toBe('invalid_request');
    const config = await discover(clientId, oidc.None());
    const { tokens } = await signInThrough(config, session, 'openid email');
    expect(tokens.claims()?.aud).toBe(clientId);
    const withSecret = await tokenForm({ grant_type: 'refresh_token', refresh_token: 'x', client_id: clientId, client_secret: 'anything' });
    expect(withSecret).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  });

  it("a single-page app's origin gets CORS from its client's calls, the preflight and discovery; once removed, none", async () => {
    const { clientId } = await createClient({ client_type: 'public', redirect_uris: [`${SPA}/cb`], allowed_origins: [SPA] });
    const allowed = (headers: Record<string, unknown>) => headers['access-control-allow-origin'];
    const preflight = () => s.send('OPTIONS', '/oauth2/token', undefined, { token: null, headers: { Origin: SPA, 'Access-Control-Request-Method': 'POST' } });
    const discovery = () => s.send('GET', '/.well-known/openid-configuration', undefined, { token: null, headers: { Origin: SPA } });
    const refused = () => tokenForm({ grant_type: 'refresh_token', refresh_token: 'x', client_id: clientId }, { Origin: SPA });
    expect(allowed((await preflight()).headers)).toBe(SPA);
    expect(allowed((await discovery()).headers)).toBe(SPA);
    const answer = await refused();
    expect(answer.status).toBe(400);
    expect(allowed(answer.headers)).toBe(SPA);
    // Another origin, and this origin on the file's client, get none.
    expect(
      allowed((await tokenForm({ grant_type: 'refresh_token', refresh_token: 'x', client_id: clientId }, { Origin: 'https://evil.example' })).headers),
    ).toBeUndefined();
    expect(allowed((await tokenForm({ grant_type: 'refresh_token', refresh_token: 'x', client_id: 'demo-rp' }, { Origin: SPA })).headers)).toBeUndefined();

    await manage(s, 'PATCH', `/v1/idp_clients/${clientId}`, { allowed_origins: [] });
    expect(allowed((await preflight()).headers)).toBeUndefined();
    expect(allowed((await discovery()).headers)).toBeUndefined();
    expect(allowed((await refused()).headers)).toBeUndefined();
  });

  it('a rotated secret replaces the old one at once; tokens already issued keep working', async () => {
    const { clientId, secret } = await confidentialClient();
    const { session } = await signedIn();
    const { tokens } = await signInThrough(await discover(clientId, oidc.ClientSecretBasic(secret!)), session);
    const rotated = await manage(s, 'PATCH', `/v1/idp_clients/${clientId}`, { rotate_secret: true });
    const fresh: string = rotated.body.client_secret;
    const old = await tokenForm({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: clientId, client_secret: secret! });
    expect(old).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(await userinfoStatus(tokens.access_token)).toBe(200);
    const next = await oidc.refreshTokenGrant(await discover(clientId, oidc.ClientSecretBasic(fresh)), tokens.refresh_token!);
    expect(next.access_token).toEqual(expect.any(String));
  });

  it('deleted: its access and refresh tokens stop working at once, and a client made again with its id gets nothing of them', async () => {
    const { clientId, secret } = await confidentialClient();
    const config = await discover(clientId, oidc.ClientSecretBasic(secret!));
    const { session } = await signedIn();
    const { tokens } = await signInThrough(config, session);
    const second = await signInThrough(config, session);
    expect(await userinfoStatus(tokens.access_token)).toBe(200);

    expect((await manage(s, 'DELETE', `/v1/idp_clients/${clientId}`)).status).toBe(200);
    expect(await userinfoStatus(tokens.access_token)).toBe(401);
    expect(await userinfoStatus(second.tokens.access_token)).toBe(401);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ status: 401 });
    const base = { client_id: clientId, redirect_uri: CALLBACK, code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' };
    expectError(await s.send('POST', '/sdk/v1/oauth2/authorize/start', base, { session }), 400, 'idp_client_not_found');

    // Made again under the same id (public, so no secret is needed to try): the old refresh token
    // is revoked, not merely unreadable for want of its client, and consent is asked again.
    await createClient({ client_id: clientId, client_type: 'public', redirect_uris: [CALLBACK], allowed_scopes: ['openid', 'email', 'offline_access'] });
    const again = await tokenForm({ grant_type: 'refresh_token', refresh_token: second.tokens.refresh_token!, client_id: clientId });
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const asked = await s.send('POST', '/sdk/v1/oauth2/authorize/start', { ...base, scope: 'openid email' }, { session });
    expect(asked.body.consent_required).toBe(true);
  });
});
