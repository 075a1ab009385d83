import type { OAuthProviderType } from '@vestibule/contract';
import { at, openIdProfile, profile, type OAuthProfile, type ProfileSource } from './profile.js';

/**
 * The 19 social sign-in providers as data: the engine (engine.ts) runs the same authorization-code
 * flow for each. Endpoints are the real ones; each can be overridden by the settings
 * (VESTIBULE_OAUTH_<NAME>_*), which is how tests and the development provider stand in.
 *
 * The email rule of each entry says when the provider vouches for the address. An address it does
 * not vouch for never links to an existing user (anyone can put someone else's address on an
 * account at many providers), so where a provider documents no verification we say false.
 */
export interface ProviderEntry {
  /** As people read it: the development page names the provider with it. */
  label: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  /** For providers whose ID token the engine validates. */
  jwksUrl?: string;
  issuer?: string;
  scopes: string[];
  /** How the scope parameter joins scopes (TikTok wants commas). */
  scopeSeparator?: string;
  /** The provider accepts PKCE (S256) on the authorization request. */
  pkce: boolean;
  /** How the client authenticates at the token endpoint; 'client_key_post' is TikTok's client_key field. */
  tokenAuth: 'client_secret_post' | 'client_secret_basic' | 'client_key_post';
  /** The engine asks for (openid scope, nonce) and validates an ID token: issuer, audience, expiry, nonce, JWKS signature. */
  idToken: boolean;
  /** Extra parameters of the authorization request the provider needs. */
  authorizationParams?: (clientId: string) => Record<string, string>;
  /** Rewrites a token endpoint answer that departs from RFC 6749 before it is checked. */
  tokenResponse?: (json: Record<string, unknown>) => Record<string, unknown>;
  profile(source: ProfileSource): Promise<OAuthProfile>;
}

/** GitHub and Bitbucket keep addresses on a separate endpoint: the primary one and whether it is confirmed. */
async function primaryEmail(
  source: ProfileSource,
  url: string,
  list: (json: unknown) => unknown[],
  primary: string,
  verified: string,
): Promise<{ email: string | null; verified: boolean }> {
  const entries = list(await source.get(url)).map((entry) => at(entry));
  const chosen = entries.find((entry) => entry[primary] === true);
  return { email: typeof chosen?.email === 'string' ? chosen.email : null, verified: chosen?.[verified] === true };
}

export const PROVIDERS: Record<OAuthProviderType, ProviderEntry> = {
  // Login with Amazon: no statement that the address is verified.
  amazon: {
    label: 'Amazon',
    authorizationUrl: 'https://www.amazon.com/ap/oa',
    tokenUrl: 'https://api.amazon.com/auth/o2/token',
    userinfoUrl: 'https://api.amazon.com/user/profile',
    scopes: ['profile'],
    pkce: true,
    tokenAuth: 'client_secret_post',
    idToken: false,
    async profile(source) {
      const me = at(await source.get(source.userinfoUrl));
      return profile(me.user_id, me.email, false, me.name);
    },
  },
  // Sign in with Apple: ID token; email_verified ("true") is Apple's word. Apple sends the email
  // only when the scopes are asked for, and then only with response_mode=form_post: its page posts
  // the answer to the callback (the POST route).
  apple: {
    label: 'Apple',
    authorizationUrl: 'https://appleid.apple.com/auth/authorize',
    tokenUrl: 'https://appleid.apple.com/auth/token',
    userinfoUrl: 'https://appleid.apple.com/auth/userinfo',
    jwksUrl: 'https://appleid.apple.com/auth/keys',
    issuer: 'https://appleid.apple.com',
    scopes: ['name', 'email'],
    authorizationParams: () => ({ response_mode: 'form_post' }),
    pkce: false,
    tokenAuth: 'client_secret_post',
    idToken: true,
    profile: openIdProfile,
  },
  // Bitbucket: the address list's is_confirmed.
  bitbucket: {
    label: 'Bitbucket',
    authorizationUrl: 'https://bitbucket.org/site/oauth2/authorize',
    tokenUrl: 'https://bitbucket.org/site/oauth2/access_token',
    userinfoUrl: 'https://api.bitbucket.org/2.0/user',
    scopes: ['account', 'email'],
    pkce: false,
    tokenAuth: 'client_secret_basic',
    idToken: false,
    async profile(source) {
      const me = at(await source.get(source.userinfoUrl));
      const email = await primaryEmail(
        source,
        new URL('emails', source.userinfoUrl.replace(/\/?$/, '/')).href,
        (json) => (Array.isArray(at(json).values) ? (at(json).values as unknown[]) : []),
        'is_primary',
        'is_confirmed',
      );
      return profile(me.uuid, email.email, email.verified, me.display_name);
    },
  },
  // Coinbase: no statement that the address is verified.
  coinbase: {
    label: 'Coinbase',
    authorizationUrl: 'https://login.coinbase.com/oauth2/auth',
    tokenUrl: 'https://login.coinbase.com/oauth2/token',
    userinfoUrl: 'https://api.coinbase.com/v2/user',
    scopes: ['wallet:user:read', 'wallet:user:email'],
    pkce: false,
    tokenAuth: 'client_secret_post',
    idToken: false,
    async profile(source) {
      const me = at(await source.get(source.userinfoUrl), 'data');
      return profile(me.id, me.email, false, me.name);
    },
  },
  // Discord: the user's `verified` flag is about the address.
  discord: {
    label: 'Discord',
    authorizationUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    userinfoUrl: 'https://discord.com/api/users/@me',
    scopes: ['identify', 'email'],
    pkce: false,
    tokenAuth: 'client_secret_post',
    idToken: false,
    async profile(source) {
      const me = at(await source.get(source.userinfoUrl));
      return profile(me.id, me.email, me.verified === true, me.global_name ?? me.username);
    },
  },
  // Facebook: an address may be unconfirmed; never verified.
  facebook: {
    label: 'Facebook',
    authorizationUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfoUrl: 'https://graph.facebook.com/me?fields=id,name,email',
    scopes: ['public_profile', 'email'],
    pkce: false,
    tokenAuth: 'client_secret_post',
    idToken: false,
    async profile(source) {
      const me = at(await source.get(source.userinfoUrl));
      return profile(me.id, me.email, false, me.name);
    },
  },
  // Figma: no statement that the address is verified.
  figma: {
    label: 'Figma',
    authorizationUrl: 'https://www.figma.com/oauth',
    tokenUrl: 'https://api.figma.com/v1/oauth/token',
    userinfoUrl: 'https://api.figma.com/v1/me',
    scopes: ['current_user:read'],
    pkce: false,
    tokenAuth: 'client_secret_basic',
    idToken: false,
    async profile(source) {
      const me = at(await source.get(source.userinfoUrl));
      return profile(me.id, me.email, false, me.handle);
    },
  },
  // GitHub: the profile's email is only the public one; the emails endpoint says which is primary and verified.
  github: {
    label: 'GitHub',
    authorizationUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
    scopes: ['read:user', 'user:email'],
    pkce: true,
    tokenAuth: 'client_secret_post',
    idToken: false,
    async profile(source) {
      const me = at(await source.get(source.userinfoUrl));
      const email = await primaryEmail(
        source,
        `${source.userinfoUrl.replace(/\/$/, '')}/emails`,
        (json) => (Array.isArray(json) ? json : []),
        'primary',
        'verified',
      );
      return profile(me.id, email.email, email.verified, me.name ?? me.login);
    },
  },
  // GitLab (OpenID Connect): the ID token's email_verified.
  gitlab: {
    label: 'GitLab',
    authorizationUrl: 'https://gitlab.com/oauth/authorize',
    tokenUrl: 'https://gitlab.com/oauth/token',
    userinfoUrl: 'https://gitlab.com/oauth/userinfo',
    jwksUrl: 'https://gitlab.com/oauth/discovery/keys',
    issuer: 'https://gitlab.com',
    scopes: ['openid', 'profile', 'email'],
    pkce: true,
    tokenAuth: 'client_secret_post',
    idToken: true,
    profile: openIdProfile,
  },
  // Google (OpenID Connect): the ID token's email_verified.
  google: {
    label: 'Google',
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    issuer: 'https://accounts.google.com',
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    tokenAuth: 'client_secret_post',
    idToken: true,
    profile: openIdProfile,
  },
  // LinkedIn (OpenID Connect): the ID token's email_verified.
  linkedin: {
    label: 'LinkedIn',
    authorizationUrl: 'https://www.linkedin.com/oauth/v2/authorization',
    tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken',
    userinfoUrl: 'https://api.linkedin.com/v2/userinfo',
    jwksUrl: 'https://www.linkedin.com/oauth/openid/jwks',
    issuer: 'https://www.linkedin.com/oauth',
    scopes: ['openid', 'profile', 'email'],
    pkce: false,
    tokenAuth: 'client_secret_post',
    idToken: true,
    profile: openIdProfile,
  },
  // Microsoft: the multi-tenant ID token's issuer names each user's tenant, so the profile comes
  // from Graph's userinfo instead. Its email is whatever a tenant admin typed, never verified.
  microsoft: {
    label: 'Microsoft',
    authorizationUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    userinfoUrl: 'https://graph.microsoft.com/oidc/userinfo',
    scopes: ['openid', 'profile', 'email'],
    pkce: true,
    tokenAuth: 'client_secret_post',
    idToken: false,
    async profile(source) {
      const me = at(await source.get(source.userinfoUrl));
      return profile(me.sub, me.email, false, me.name);
    },
  },
  // Salesforce (OpenID Connect): the ID token's email_verified.
  salesforce: {
    label: 'Salesforce',
    authorizationUrl: 'https://login.salesforce.com/services/oauth2/authorize',
    tokenUrl: 'https://login.salesforce.com/services/oauth2/token',
    userinfoUrl: 'https://login.salesforce.com/services/oauth2/userinfo',
    jwksUrl: 'https://login.salesforce.com/id/keys',
    issuer: 'https://login.salesforce.com',
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    tokenAuth: 'client_secret_post',
    idToken: true,
    profile: openIdProfile,
  },
  // Slack (Sign in with Slack, OpenID Connect): the ID token's email_verified.
  slack: {
    label: 'Slack',
    authorizationUrl: 'https://slack.com/openid/connect/authorize',
    tokenUrl: 'https://slack.com/api/openid.connect.token',
    userinfoUrl: 'https://slack.com/api/openid.connect.userInfo',
    jwksUrl: 'https://slack.com/openid/connect/keys',
    issuer: 'https://slack.com',
    scopes: ['openid', 'email', 'profile'],
    pkce: false,
    tokenAuth: 'client_secret_post',
    idToken: true,
    profile: openIdProfile,
  },
  // Snapchat (Login Kit): no email at all; found by its external id.
  snapchat: {
    label: 'Snapchat',
    authorizationUrl: 'https://accounts.snapchat.com/accounts/oauth2/auth',
    tokenUrl: 'https://accounts.snapchat.com/accounts/oauth2/token',
    userinfoUrl: 'https://kit.snapchat.com/v1/me?query=%7Bme%7BexternalId%20displayName%7D%7D',
    scopes: ['https://auth.snapchat.com/oauth2/api/user.external_id', 'https://auth.snapchat.com/oauth2/api/user.display_name'],
    pkce: true,
    tokenAuth: 'client_secret_basic',
    idToken: false,
    async profile(source) {
      const me = at(await source.get(source.userinfoUrl), 'data', 'me');
      return profile(me.externalId, null, false, me.displayName);
    },
  },
  // TikTok (Login Kit v2): client_key instead of client_id, comma-separated scopes, the profile
  // under data.user, and no email at all.
  tiktok: {
    label: 'TikTok',
    authorizationUrl: 'https://www.tiktok.com/v2/auth/authorize/',
    tokenUrl: 'https://open.tiktokapis.com/v2/oauth/token/',
    userinfoUrl: 'https://open.tiktokapis.com/v2/user/info/?fields=open_id,display_name',
    scopes: ['user.info.basic'],
    scopeSeparator: ',',
    pkce: false,
    tokenAuth: 'client_key_post',
    idToken: false,
    authorizationParams: (clientId) => ({ client_key: clientId }),
    async profile(source) {
      const me = at(await source.get(source.userinfoUrl), 'data', 'user');
      return profile(me.open_id, null, false, me.display_name);
    },
  },
  // Twitch (OpenID Connect): email and email_verified reach the ID token only when claimed; the
  // token endpoint answers its scope as an array, which RFC 6749 says is a string.
  twitch: {
    label: 'Twitch',
    authorizationUrl: 'https://id.twitch.tv/oauth2/authorize',
    tokenUrl: 'https://id.twitch.tv/oauth2/token',
    userinfoUrl: 'https://id.twitch.tv/oauth2/userinfo',
    jwksUrl: 'https://id.twitch.tv/oauth2/keys',
    issuer: 'https://id.twitch.tv/oauth2',
    scopes: ['openid', 'user:read:email'],
    pkce: false,
    tokenAuth: 'client_secret_post',
    idToken: true,
    authorizationParams: () => ({ claims: JSON.stringify({ id_token: { email: null, email_verified: null, preferred_username: null } }) }),
    tokenResponse: (json) => (Array.isArray(json.scope) ? { ...json, scope: json.scope.join(' ') } : json),
    profile: openIdProfile,
  },
  // Twitter (X), OAuth 2.0 with PKCE: the profile under data, no email.
  twitter: {
    label: 'Twitter (X)',
    authorizationUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    userinfoUrl: 'https://api.x.com/2/users/me',
    scopes: ['users.read', 'tweet.read'],
    pkce: true,
    tokenAuth: 'client_secret_basic',
    idToken: false,
    async profile(source) {
      const me = at(await source.get(source.userinfoUrl), 'data');
      return profile(me.id, null, false, me.name ?? me.username);
    },
  },
  // Yahoo (OpenID Connect): the ID token's email_verified.
  yahoo: {
    label: 'Yahoo',
    authorizationUrl: 'https://api.login.yahoo.com/oauth2/request_auth',
    tokenUrl: 'https://api.login.yahoo.com/oauth2/get_token',
    userinfoUrl: 'https://api.login.yahoo.com/openid/v1/userinfo',
    jwksUrl: 'https://api.login.yahoo.com/openid/v1/certs',
    issuer: 'https://api.login.yahoo.com',
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    tokenAuth: 'client_secret_post',
    idToken: true,
    profile: openIdProfile,
  },
};
