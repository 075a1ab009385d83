import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/harness.js';
import { providerUser, startTestProvider, type TestProvider } from './helpers/oauth-provider.js';
import { loadConfig } from '../src/index.js';
import { PRODUCTION_ENV, PUBLIC_TOKEN, REPO_CONFIG, tempDir } from './helpers/test-config.js';
import { pkcePair } from './helpers/pkce.js';

/**
 * Social sign-in end to end in process: the browser's navigations are followed by hand (start →
 * provider → callback → host page), a local provider stands in for Google (OpenID Connect with an
 * ID token), Discord (plain OAuth 2 with a userinfo call), GitHub (its emails endpoint) and Twitch
 * (a token answer with an array scope); Slack, configured with no client id, is played by the
 * development provider.
 */
const LOGIN = 'http://localhost:3000/login';
const SIGNUP = 'http://localhost:3000/signup';
let h: Harness;
let idp: TestProvider;

beforeAll(async () => {
  idp = await startTestProvider();
  h = await startHarness(
    { project: { loginRedirectUrls: [LOGIN, 'http://localhost:3000/other'], signupRedirectUrls: [SIGNUP] } as never },
    {
      ...idp.env('google', { idToken: true }),
      ...idp.env('discord'),
      ...idp.env('github'),
      ...idp.env('twitch', { idToken: true }),
      ...idp.env('apple', { idToken: true }),
    },
  );
});
afterAll(async () => {
  await h.close();
  await idp.close();
});

/** GET on our server as the browser on this machine; the Location it answers. */
async function navigate(pathAndQuery: string): Promise<{ status: number; location: URL | null; response: Response }> {
  const response = await h.call('GET', pathAndQuery, undefined, { token: null, ip: '127.0.0.1' });
  const location = response.headers.get('Location');
  return { status: response.status, location: location ? new URL(location) : null, response };
}

const ourPath = (url: URL) => `${url.pathname}${url.search}`;

function startQuery(provider: string, challenge: string, extra: Record<string, string> = {}): string {
  return `/sdk/v1/oauth/start?${new URLSearchParams({ provider, public_token: PUBLIC_TOKEN, code_challenge: challenge, ...extra })}`;
}

/** Start → the provider's authorize → our callback; the callback URL the provider sent the browser to. */
async function toCallback(provider: string, challenge: string, extra: Record<string, string> = {}): Promise<{ authorize: URL; callback: URL }> {
  const start = await navigate(startQuery(provider, challenge, extra));
  expect(start.status, JSON.stringify(await start.response.clone().text())).toBe(302);
  const authorize = start.location!;
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  return { authorize, callback: new URL(atProvider.headers.get('Location')!) };
}

async function landing(callback: URL): Promise<URL> {
  const answer = await navigate(ourPath(callback));
  expect(answer.status).toBe(302);
  return answer.location!;
}

async function signIn(provider: string, extra: Record<string, string> = {}) {
  const { verifier, challenge } = pkcePair();
  const { authorize, callback } = await toCallback(provider, challenge, extra);
  const page = await landing(callback);
  const token = page.searchParams.get('token');
  const exchange = token ? await h.json('POST', '/sdk/v1/oauth/authenticate', { token, code_verifier: verifier }) : null;
  return { authorize, callback, page, token, verifier, exchange };
}

const expectCallbackError = (page: URL, base = LOGIN) => {
  expect(`${page.origin}${page.pathname}`).toBe(base);
  expect(page.searchParams.get('vestibule_token_type')).toBe('oauth');
  expect(page.searchParams.get('error_type')).toBe('oauth_flow_callback_error');
  expect(page.searchParams.has('token')).toBe(false);
};

describe('social sign-in', () => {
  it('OpenID Connect (Google): state, PKCE and nonce at the provider; a new user lands on signup, then logs in by subject', async () => {
    idp.user = providerUser('oidc-user@example.com');
    const first = await signIn('google', {
      custom_scopes: 'https://www.googleapis.com/auth/drive.readonly',
      provider_params: JSON.stringify({ prompt: 'select_account' }),
    });
    const sent = first.authorize.searchParams;
    expect(sent.get('client_id')).toBe('google-client');
    expect(sent.get('redirect_uri')).toBe(`${h.config.publicUrl}/sdk/v1/oauth/callback`);
    expect(sent.get('scope')).toBe('openid email profile https://www.googleapis.com/auth/drive.readonly');
    expect(sent.get('prompt')).toBe('select_account');
    expect(sent.get('code_challenge_method')).toBe('S256');
    expect(sent.get('nonce')).toBeTruthy();
    expect(`${first.page.origin}${first.page.pathname}`).toBe(SIGNUP);
    expect(first.page.searchParams.get('vestibule_token_type')).toBe('oauth');
    expect(first.exchange!.status).toBe(200);
    expect(first.exchange!.body).toMatchObject({ provider_type: 'google', provider_subject: idp.user.sub });
    expect(first.exchange!.body.session.authentication_factors[0]).toMatchObject({ type: 'oauth', delivery_method: 'oauth' });
    expect(first.exchange!.body.user.emails).toEqual([expect.objectContaining({ email: 'oidc-user@example.com', verified: true })]);

    const again = await signIn('google');
    expect(`${again.page.origin}${again.page.pathname}`).toBe(LOGIN);
    expect(again.exchange!.body.user_id).toBe(first.exchange!.body.user_id);
  });

  it('a forged ID token (not signed by the JWKS) signs no one in', async () => {
    idp.user = providerUser('forged@example.com');
    idp.forgeIdTokens = true;
    try {
      expectCallbackError((await signIn('google')).page);
    } finally {
      idp.forgeIdTokens = false;
    }
  });

  it('plain OAuth 2 (Discord): no nonce, the profile from userinfo', async () => {
    idp.user = providerUser('plain@example.com');
    const { authorize, exchange } = await signIn('discord');
    expect(authorize.searchParams.get('nonce')).toBeNull();
    expect(authorize.searchParams.get('code_challenge')).toBeNull();
    expect(authorize.searchParams.get('scope')).toBe('identify email');
    expect(exchange!.body).toMatchObject({ provider_type: 'discord', provider_subject: idp.user.sub });
  });

  it('GitHub: numeric id, the primary verified address from the emails endpoint', async () => {
    idp.user = providerUser('octo@example.com');
    const { exchange } = await signIn('github');
    expect(exchange!.status).toBe(200);
    expect(exchange!.body.provider_subject).toMatch(/^\d+$/);
    expect(exchange!.body.user.emails).toEqual([expect.objectContaining({ email: 'octo@example.com', verified: true })]);
  });

  it('Twitch: a token answer with the scope as an array is read', async () => {
    idp.user = providerUser('streamer@example.com');
    idp.scopeAsArray = true;
    try {
      const { exchange } = await signIn('twitch');
      expect(exchange!.body).toMatchObject({ provider_type: 'twitch', provider_subject: idp.user.sub });
    } finally {
      idp.scopeAsArray = false;
    }
  });

  it('Apple: asked for name and email with response_mode=form_post, its page posts the answer to the callback, which signs in as the GET one does', async () => {
    idp.user = providerUser('apple-user@example.com');
    const { verifier, challenge } = pkcePair();
    const start = await navigate(startQuery('apple', challenge));
    const authorize = start.location!;
    expect(authorize.searchParams.get('response_mode')).toBe('form_post');
    expect(authorize.searchParams.get('scope')).toBe('name email');
    const page = await (await fetch(authorize, { redirect: 'manual' })).text();
    const action = /<form method="post" action="([^"]+)"/.exec(page)![1]!;
    expect(action).toBe(`${h.config.publicUrl}/sdk/v1/oauth/callback`);
    const form = new URLSearchParams([...page.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]));
    expect(form.get('code')).toBeTruthy();
    // A cross-site form post: no public token, no cookie, an Origin of Apple's.
    const posted = await h.call('POST', '/sdk/v1/oauth/callback', undefined, {
      token: null,
      rawBody: form.toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      origin: 'https://appleid.apple.com',
    });
    expect(posted.status).toBe(302);
    const landed = new URL(posted.headers.get('Location')!);
    expect(`${landed.origin}${landed.pathname}`).toBe(SIGNUP);
    const exchange = await h.json('POST', '/sdk/v1/oauth/authenticate', { token: landed.searchParams.get('token'), code_verifier: verifier });
    expect(exchange.body).toMatchObject({ provider_type: 'apple', provider_subject: idp.user.sub });
    expect(exchange.body.user.emails).toEqual([expect.objectContaining({ email: 'apple-user@example.com', verified: true })]);
    // The same post again: the state is spent.
    const replay = await h.call('POST', '/sdk/v1/oauth/callback', undefined, {
      token: null,
      rawBody: form.toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expectCallbackError(new URL(replay.headers.get('Location')!));
  });

  it('a posted callback that is not a form, or is too large, lands with the callback error or a 413, never a 500', async () => {
    const junk = await h.call('POST', '/sdk/v1/oauth/callback', undefined, {
      token: null,
      rawBody: '{"state":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(junk.status).toBe(302);
    expectCallbackError(new URL(junk.headers.get('Location')!));
    const huge = await h.call('POST', '/sdk/v1/oauth/callback', undefined, {
      token: null,
      rawBody: `state=${'x'.repeat(200_000)}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error_type).toBe('payload_too_large');
  });

  it('links to an existing user by email only when the provider verified it', async () => {
    const existing = await h.signIn('owner@example.com');
    idp.user = providerUser('owner@example.com', false);
    const unverified = await signIn('discord');
    expect(unverified.exchange!.body.user_id).not.toBe(existing.user_id);
    expect(unverified.exchange!.body.user.emails).toEqual([]);
    expect(`${unverified.page.origin}${unverified.page.pathname}`).toBe(SIGNUP);

    idp.user = providerUser('owner@example.com', true);
    const verified = await signIn('google');
    expect(verified.exchange!.body.user_id).toBe(existing.user_id);
    expect(`${verified.page.origin}${verified.page.pathname}`).toBe(LOGIN);
  });

  it("an address the provider does not vouch for is not recorded: its owner's later account is not the provider account's (pre-hijacking)", async () => {
    // Someone signs in at a provider that does not verify addresses, typing the owner's.
    idp.user = providerUser('future-owner@example.com', false);
    const planted = await signIn('discord');
    expect(planted.exchange!.body.user.emails).toEqual([]);
    // The owner signs up by link, proving the address: a user of their own.
    const owner = await h.signIn('future-owner@example.com');
    expect(owner.user_id).not.toBe(planted.exchange!.body.user_id);
    // The provider account comes back: still its own user, never the owner's.
    const again = await signIn('discord');
    expect(again.exchange!.body.user_id).toBe(planted.exchange!.body.user_id);
    expect(again.exchange!.body.user_id).not.toBe(owner.user_id);
  });

  it('denied consent lands on the login page with the callback error and no token', async () => {
    idp.deny = true;
    try {
      const { page } = await signIn('google', { login_redirect_url: 'http://localhost:3000/other' });
      expectCallbackError(page, 'http://localhost:3000/other');
    } finally {
      idp.deny = false;
    }
  });

  it('a tampered or replayed state is refused', async () => {
    idp.user = providerUser('state@example.com');
    const { challenge } = pkcePair();
    const { callback } = await toCallback('google', challenge);
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    expectCallbackError(await landing(tampered));
    const ok = await landing(callback);
    expect(ok.searchParams.get('token')).toBeTruthy();
    expectCallbackError(await landing(callback));
  });

  it('the OAuth token works once, only with its verifier', async () => {
    idp.user = providerUser('exchange@example.com');
    const { verifier, challenge } = pkcePair();
    const page = await landing((await toCallback('discord', challenge)).callback);
    const token = page.searchParams.get('token')!;
    const wrong = await h.json('POST', '/sdk/v1/oauth/authenticate', { token, code_verifier: pkcePair().verifier });
    expect(wrong).toMatchObject({ status: 404, body: { error_type: 'oauth_token_not_found' } });
    // A wrong verifier used the token up.
    expect((await h.json('POST', '/sdk/v1/oauth/authenticate', { token, code_verifier: verifier })).status).toBe(404);

    const second = await signIn('discord');
    expect(second.exchange!.status).toBe(200);
    expect((await h.json('POST', '/sdk/v1/oauth/authenticate', { token: second.token, code_verifier: second.verifier })).body.error_type).toBe(
      'oauth_token_not_found',
    );
    expect((await h.json('POST', '/sdk/v1/oauth/authenticate', { token: 'made-up-token', code_verifier: verifier })).status).toBe(404);
  });

  it('the start refuses a redirect URL off the allowlist, bad input and a wrong public token with JSON errors', async () => {
    const { challenge } = pkcePair();
    const off = await navigate(startQuery('google', challenge, { login_redirect_url: 'https://evil.example/login' }));
    expect(off.status).toBe(400);
    expect(await off.response.json()).toMatchObject({ error_type: 'invalid_redirect_url' });
    const unknown = await navigate(startQuery('myspace', challenge));
    expect(await unknown.response.json()).toMatchObject({ error_type: 'bad_request' });
    const params = await navigate(startQuery('google', challenge, { provider_params: '[1]' }));
    expect(await params.response.json()).toMatchObject({ error_type: 'bad_request' });
    const token = await navigate(`/sdk/v1/oauth/start?${new URLSearchParams({ provider: 'google', public_token: 'wrong-token', code_challenge: challenge })}`);
    expect(token.status).toBe(401);
  });

  it('a callback without any state lands on the default login page', async () => {
    expectCallbackError(await landing(new URL(`${h.config.publicUrl}/sdk/v1/oauth/callback?code=abc`)));
  });
});

describe('the development provider', () => {
  it('stands in for a provider without a client id: its page, then the same code, token and userinfo path', async () => {
    const { verifier, challenge } = pkcePair();
    const start = await navigate(startQuery('slack', challenge));
    const authorize = start.location!;
    expect(authorize.pathname).toBe('/dev/oauth/authorize');
    const pageResponse = await navigate(ourPath(authorize));
    expect(pageResponse.status).toBe(200);
    expect(pageResponse.response.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    const html = await pageResponse.response.text();
    expect(html).toContain('<title>Development sign-in</title>');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('>Continue</button>');
    expect(html).toContain('Slack');
    expect(html).not.toContain('<script');

    const form = new URLSearchParams([...authorize.searchParams.entries()].filter(([name]) => name !== 'nonce'));
    form.set('email', 'Dev.User@Example.com');
    form.set('decision', 'allow');
    const post = await h.call('POST', '/dev/oauth/authorize', undefined, {
      token: null,
      ip: '127.0.0.1',
      rawBody: form.toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(post.status).toBe(302);
    const callback = new URL(post.headers.get('Location')!);
    expect(callback.pathname).toBe('/sdk/v1/oauth/callback');
    const page = await landing(callback);
    const exchange = await h.json('POST', '/sdk/v1/oauth/authenticate', { token: page.searchParams.get('token'), code_verifier: verifier });
    expect(exchange.status).toBe(200);
    expect(exchange.body.provider_type).toBe('slack');
    expect(exchange.body.user.emails).toEqual([expect.objectContaining({ email: 'dev.user@example.com', verified: true })]);
  });

  it('Cancel is a denied consent; the page is for this machine only and escapes what it echoes', async () => {
    const { challenge } = pkcePair();
    const authorize = (await navigate(startQuery('figma', challenge))).location!;
    const form = new URLSearchParams(authorize.searchParams);
    form.set('decision', 'deny');
    const post = await h.call('POST', '/dev/oauth/authorize', undefined, {
      token: null,
      ip: '127.0.0.1',
      rawBody: form.toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expectCallbackError(await landing(new URL(post.headers.get('Location')!)));

    const remote = await h.call('GET', ourPath(authorize), undefined, { token: null, ip: '203.0.113.9' });
    expect(remote.status).toBe(403);
    const hostile = new URL(authorize);
    hostile.searchParams.set('scope', '"><script>alert(1)</script>');
    const html = await (await navigate(ourPath(hostile))).response.text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
  });
});

describe('social sign-in settings', () => {
  const production = { ...PRODUCTION_ENV, SMTP_URL: 'smtp://mail:2525', VESTIBULE_DATA_DIR: tempDir() };

  it('production refuses to start with a configured provider that has no credentials, naming it and the variables', () => {
    expect(() => loadConfig({ file: REPO_CONFIG, env: { ...production, VESTIBULE_OAUTH_GITHUB_TOKEN_URL: 'https://github.example/token' } })).toThrow(
      /github provider has no credentials; set VESTIBULE_OAUTH_GITHUB_CLIENT_ID and VESTIBULE_OAUTH_GITHUB_CLIENT_SECRET/,
    );
    const config = loadConfig({
      file: REPO_CONFIG,
      env: { ...production, VESTIBULE_OAUTH_GITHUB_CLIENT_ID: 'id', VESTIBULE_OAUTH_GITHUB_CLIENT_SECRET: 'secret' },
    });
    expect(config.oauth.providers.github).toEqual({ clientId: 'id', clientSecret: 'secret' });
  });
});
