import { OAUTH_PROVIDER_TYPES } from '@vestibule/contract';
import { describe, expect, it } from 'vitest';
import { authorizationUrl } from '../src/features/oauth/engine.js';
import { PROVIDERS } from '../src/features/oauth/providers.js';

/**
 * Each of the 19 table entries: the authorization URL it builds (endpoint, client, scopes, state,
 * PKCE and nonce as the entry says) and the profile it maps from a recorded answer of the provider
 * (the shapes of the providers' documentation). ID-token providers map the token's claims.
 */
const idTokenClaims = { sub: 'oidc-123', email: 'pat@example.com', email_verified: true, name: 'Pat' };
const RECORDED: Record<string, Record<string, unknown>> = {
  'https://api.amazon.com/user/profile': { user_id: 'amzn1.account.AF', name: 'Pat', email: 'pat@example.com' },
  'https://api.bitbucket.org/2.0/user': { uuid: '{b5d7}', display_name: 'Pat' },
  'https://api.bitbucket.org/2.0/user/emails': { values: [{ email: 'pat@example.com', is_primary: true, is_confirmed: true }] },
  'https://api.coinbase.com/v2/user': { data: { id: 'cb-9', name: 'Pat', email: 'pat@example.com' } },
  'https://discord.com/api/users/@me': { id: '80351110224678912', username: 'pat', global_name: 'Pat', email: 'pat@example.com', verified: true },
  'https://graph.facebook.com/me?fields=id,name,email': { id: '10158', name: 'Pat', email: 'pat@example.com' },
  'https://api.figma.com/v1/me': { id: '1234', email: 'pat@example.com', handle: 'Pat' },
  'https://api.github.com/user': { id: 583231, login: 'pat', name: null, email: null },
  'https://api.github.com/user/emails': [{ email: 'pat@example.com', primary: true, verified: true }] as unknown as Record<string, unknown>,
  'https://graph.microsoft.com/oidc/userinfo': { sub: 'ms-OLu', name: 'Pat', email: 'pat@example.com' },
  'https://kit.snapchat.com/v1/me?query=%7Bme%7BexternalId%20displayName%7D%7D': { data: { me: { externalId: 'CAESIP', displayName: 'Pat' } } },
  'https://open.tiktokapis.com/v2/user/info/?fields=open_id,display_name': {
    data: { user: { open_id: 'tt-723', display_name: 'Pat' } },
    error: { code: 'ok' },
  },
  'https://api.x.com/2/users/me': { data: { id: '2244994945', name: 'Pat', username: 'pat' } },
};
const EXPECTED: Record<string, { subject: string; email: string | null; emailVerified: boolean; name: string | null }> = {
  amazon: { subject: 'amzn1.account.AF', email: 'pat@example.com', emailVerified: false, name: 'Pat' },
  bitbucket: { subject: '{b5d7}', email: 'pat@example.com', emailVerified: true, name: 'Pat' },
  coinbase: { subject: 'cb-9', email: 'pat@example.com', emailVerified: false, name: 'Pat' },
  discord: { subject: '80351110224678912', email: 'pat@example.com', emailVerified: true, name: 'Pat' },
  facebook: { subject: '10158', email: 'pat@example.com', emailVerified: false, name: 'Pat' },
  figma: { subject: '1234', email: 'pat@example.com', emailVerified: false, name: 'Pat' },
  github: { subject: '583231', email: 'pat@example.com', emailVerified: true, name: 'pat' },
  microsoft: { subject: 'ms-OLu', email: 'pat@example.com', emailVerified: false, name: 'Pat' },
  snapchat: { subject: 'CAESIP', email: null, emailVerified: false, name: 'Pat' },
  tiktok: { subject: 'tt-723', email: null, emailVerified: false, name: 'Pat' },
  twitter: { subject: '2244994945', email: null, emailVerified: false, name: 'Pat' },
};

describe.each(OAUTH_PROVIDER_TYPES)('%s', (type) => {
  const entry = PROVIDERS[type];
  const provider = {
    entry,
    clientId: `${type}-id`,
    clientSecret: 'secret',
    authorizationUrl: entry.authorizationUrl,
    tokenUrl: entry.tokenUrl,
    userinfoUrl: entry.userinfoUrl,
    jwksUrl: entry.jwksUrl,
    issuer: entry.issuer,
    profile: entry.profile,
  };

  it('builds its authorization URL', async () => {
    const checks = { state: 'state-1', nonce: entry.idToken ? 'nonce-1' : undefined, pkceVerifier: entry.pkce ? 'v'.repeat(43) : undefined };
    const url = await authorizationUrl(provider, {
      redirectUri: 'https://api.example.com/sdk/v1/oauth/callback',
      checks,
      customScopes: ['extra'],
      providerParams: { prompt: 'login', redirect_uri: 'https://evil.example' },
    });
    expect(`${url.origin}${url.pathname}`).toBe(entry.authorizationUrl.replace(/\?.*$/, ''));
    expect(url.protocol).toBe('https:');
    const sent = url.searchParams;
    expect(sent.get('response_type')).toBe('code');
    expect(sent.get(type === 'tiktok' ? 'client_key' : 'client_id')).toBe(`${type}-id`);
    expect(sent.get('redirect_uri')).toBe('https://api.example.com/sdk/v1/oauth/callback');
    expect(sent.get('state')).toBe('state-1');
    expect(sent.get('prompt')).toBe('login');
    expect(sent.get('scope')).toBe([...entry.scopes, 'extra'].join(entry.scopeSeparator ?? ' '));
    expect(sent.get('code_challenge_method')).toBe(entry.pkce ? 'S256' : null);
    expect(sent.get('nonce')).toBe(entry.idToken ? 'nonce-1' : null);
    // Apple sends the email only to a form_post callback.
    expect(sent.get('response_mode')).toBe(type === 'apple' ? 'form_post' : null);
    if (entry.idToken) expect([entry.issuer, entry.jwksUrl].every(Boolean)).toBe(true);
  });

  it('maps a recorded profile', async () => {
    const get = async (url: string) => {
      if (!(url in RECORDED)) throw new Error(`no recorded answer for ${url}`);
      return RECORDED[url];
    };
    const claims = entry.idToken ? idTokenClaims : undefined;
    const mapped = await entry.profile({ claims, get, userinfoUrl: entry.userinfoUrl });
    expect(mapped).toEqual(EXPECTED[type] ?? { subject: 'oidc-123', email: 'pat@example.com', emailVerified: true, name: 'Pat' });
  });
});

it("Twitch: the token answer's array scope becomes the string RFC 6749 says", () => {
  expect(PROVIDERS.twitch.tokenResponse!({ access_token: 'a', token_type: 'bearer', scope: ['openid', 'user:read:email'] })).toMatchObject({
    scope: 'openid user:read:email',
  });
});
