import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OAUTH_PROVIDER_TYPES } from '@vestibule/contract/oauth-providers';
import { VestibuleApiError, VestibuleSDKError } from '../src/index.js';
import { oauthVerifierStorageKey } from '../src/oauth.js';
import { sessionStorageKey } from '../src/session-manager.js';
import { apiError, BASE, json, makeSessionResponse, TEST_TOKEN, testClients } from './helpers.js';

const create = testClients();
const KEY = oauthVerifierStorageKey(TEST_TOKEN);

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
beforeEach(() => {
  // start() leaves the page; the tests read where it would have gone.
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(() => vi.restoreAllMocks());

/** The URL start() navigated to. */
function startUrl(): URL {
  expect(assign).toHaveBeenCalledTimes(1);
  return new URL(String(assign.mock.calls[0]![0]));
}

async function sha256Base64url(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

describe('oauth.<provider>.start', () => {
  it('offers every one of the 19 provider types', () => {
    const { client } = create();
    expect(OAUTH_PROVIDER_TYPES).toHaveLength(19);
    for (const type of OAUTH_PROVIDER_TYPES) expect(typeof client.oauth[type].start).toBe('function');
  });

  it('navigates to the server with the provider, the public token and the S256 challenge of the verifier it keeps', async () => {
    const { client, fake } = create();
    await client.oauth.google.start();
    const url = startUrl();
    expect(`${url.origin}${url.pathname}`).toBe(`${BASE}/sdk/v1/oauth/start`);
    expect([...url.searchParams.keys()]).toEqual(['provider', 'public_token', 'code_challenge']);
    expect(url.searchParams.get('provider')).toBe('google');
    expect(url.searchParams.get('public_token')).toBe(TEST_TOKEN);
    const verifier = localStorage.getItem(KEY)!;
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(url.searchParams.get('code_challenge')).toBe(await sha256Base64url(verifier));
    // A navigation, not a call: nothing was fetched for the start.
    expect(fake.callsTo('GET /sdk/v1/oauth/start')).toEqual([]);
  });

  it('sends the redirect URLs, the scopes space-separated and the provider parameters as JSON', async () => {
    const { client } = create();
    await client.oauth.github.start({
      login_redirect_url: 'https://app.example.com/login',
      signup_redirect_url: 'https://app.example.com/signup',
      custom_scopes: ['read:user', 'user:email'],
      provider_params: { allow_signup: 'false' },
    });
    const query = startUrl().searchParams;
    expect(query.get('provider')).toBe('github');
    expect(query.get('login_redirect_url')).toBe('https://app.example.com/login');
    expect(query.get('signup_redirect_url')).toBe('https://app.example.com/signup');
    expect(query.get('custom_scopes')).toBe('read:user user:email');
    expect(JSON.parse(query.get('provider_params')!)).toEqual({ allow_signup: 'false' });
  });

  it('makes a fresh verifier for every start', async () => {
    const { client } = create();
    await client.oauth.apple.start();
    const first = localStorage.getItem(KEY);
    await client.oauth.apple.start();
    expect(localStorage.getItem(KEY)).not.toBe(first);
  });
});

describe('oauth.authenticate', () => {
  const OAUTH_SESSION = { ...makeSessionResponse(), provider_type: 'google', provider_subject: 'sub-1' };

  it('exchanges the token with the kept verifier, removes the verifier and stores the session', async () => {
    const { client, fake } = create({ 'POST /sdk/v1/oauth/authenticate': OAUTH_SESSION });
    localStorage.setItem(KEY, 'verifier-kept-at-start');
    const response = await client.oauth.authenticate('oauth-token-1');
    expect(fake.callsTo('POST /sdk/v1/oauth/authenticate').map((c) => c.body)).toEqual([
      { token: 'oauth-token-1', code_verifier: 'verifier-kept-at-start', session_duration_minutes: 30 },
    ]);
    expect(response).toMatchObject({ provider_subject: 'sub-1' });
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(client.session.getSync()?.session_id).toBe(OAUTH_SESSION.session.session_id);
    expect(localStorage.getItem(sessionStorageKey(TEST_TOKEN))).not.toBeNull();
  });

  it('passes the session duration the caller names', async () => {
    const { client, fake } = create({ 'POST /sdk/v1/oauth/authenticate': OAUTH_SESSION });
    localStorage.setItem(KEY, 'v');
    await client.oauth.authenticate('t', { session_duration_minutes: 60 });
    expect(fake.callsTo('POST /sdk/v1/oauth/authenticate')[0]!.body).toMatchObject({ session_duration_minutes: 60 });
  });

  it('rejects with oauth_token_not_found, sending nothing, when this browser did not start the flow', async () => {
    const { client, fake } = create();
    const error = await client.oauth.authenticate('oauth-token-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VestibuleSDKError);
    expect(error).toMatchObject({ error_type: 'oauth_token_not_found', message: 'OAuth Token could not be found.' });
    expect(fake.callsTo('POST /sdk/v1/oauth/authenticate')).toEqual([]);
  });

  it("passes the server's refusal on, with the verifier spent and no session", async () => {
    const { client } = create({
      'POST /sdk/v1/oauth/authenticate': () => apiError(404, 'oauth_token_not_found', 'OAuth Token could not be found.'),
    });
    localStorage.setItem(KEY, 'v');
    const error = await client.oauth.authenticate('used-token').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VestibuleApiError);
    expect(error).toMatchObject({ error_type: 'oauth_token_not_found', status_code: 404 });
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(client.session.getSync()).toBeNull();
  });

  it('a second exchange on the same page finds no verifier', async () => {
    const { client, fake } = create({ 'POST /sdk/v1/oauth/authenticate': () => json(OAUTH_SESSION) });
    localStorage.setItem(KEY, 'v');
    await client.oauth.authenticate('t');
    await expect(client.oauth.authenticate('t')).rejects.toMatchObject({ error_type: 'oauth_token_not_found' });
    expect(fake.callsTo('POST /sdk/v1/oauth/authenticate')).toHaveLength(1);
  });
});
