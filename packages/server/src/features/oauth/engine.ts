import {
  allowInsecureRequests,
  authorizationCodeGrant,
  buildAuthorizationUrl,
  ClientSecretBasic,
  ClientSecretPost,
  Configuration,
  customFetch,
  enableNonRepudiationChecks,
  fetchProtectedResource,
  type ClientAuth,
  type CustomFetch,
} from 'openid-client';
import { pkceChallenge } from '../../security/pkce.js';
import type { OAuthProfile, ProfileSource } from './profile.js';
import type { ProviderEntry } from './providers.js';

/**
 * The one authorization-code engine, on openid-client (oauth4webapi): the same steps for every
 * provider, the differences read from its table entry. A provider here is its entry with the
 * settings applied (or the development provider standing in for it).
 */
export interface ResolvedProvider {
  entry: ProviderEntry;
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  jwksUrl: string | undefined;
  issuer: string | undefined;
  /** How the server reaches the provider when not over the network: the app itself, for the development provider. */
  fetch?: CustomFetch;
  profile(source: ProfileSource): Promise<OAuthProfile>;
}

/** What the start keeps (in the state) for the callback to hold the provider's answer to. */
export interface FlowChecks {
  state: string;
  /** OpenID Connect providers: the nonce the ID token must carry. */
  nonce: string | undefined;
  /** Providers with PKCE: the verifier of the challenge sent with the authorization request. */
  pkceVerifier: string | undefined;
}

const TIMEOUT_SECONDS = 10;

/** TikTok's token endpoint names the client client_key, in the body, with the secret beside it. */
const clientKeyPost =
  (clientSecret: string): ClientAuth =>
  (_as, client, body) => {
    body.set('client_key', client.client_id);
    body.set('client_secret', clientSecret);
  };

const clientAuth = (provider: ResolvedProvider): ClientAuth => {
  switch (provider.entry.tokenAuth) {
    case 'client_secret_basic':
      return ClientSecretBasic(provider.clientSecret);
    case 'client_key_post':
      return clientKeyPost(provider.clientSecret);
    case 'client_secret_post':
      return ClientSecretPost(provider.clientSecret);
  }
};

/** The provider's fetch, with its token answers rewritten first when its entry says they depart from RFC 6749. */
function providerFetch(provider: ResolvedProvider): CustomFetch | undefined {
  const rewrite = provider.entry.tokenResponse;
  if (!rewrite) return provider.fetch;
  // The library's request options are fetch's, typed more narrowly.
  const send = provider.fetch ?? ((url, options) => fetch(url, options as RequestInit));
  return async (url, options) => {
    const response = await send(url, options);
    if (url !== provider.tokenUrl || !response.ok) return response;
    const json = (await response.json()) as Record<string, unknown>;
    return new Response(JSON.stringify(rewrite(json)), { status: response.status, headers: response.headers });
  };
}

const configurations = new WeakMap<ResolvedProvider, Configuration>();

/** One openid-client configuration per provider, kept so its JWKS cache lasts across sign-ins. */
function configurationOf(provider: ResolvedProvider): Configuration {
  const known = configurations.get(provider);
  if (known) return known;
  const configuration = new Configuration(
    {
      // Providers without ID tokens have no issuer; the authorization server's origin names them.
      issuer: provider.issuer ?? new URL(provider.authorizationUrl).origin,
      authorization_endpoint: provider.authorizationUrl,
      token_endpoint: provider.tokenUrl,
      userinfo_endpoint: provider.userinfoUrl,
      ...(provider.jwksUrl ? { jwks_uri: provider.jwksUrl } : {}),
    },
    provider.clientId,
    { client_secret: provider.clientSecret },
    clientAuth(provider),
  );
  const send = providerFetch(provider);
  if (send) configuration[customFetch] = send;
  configuration.timeout = TIMEOUT_SECONDS;
  // Defaults are all https; an http endpoint is one the settings chose (a local provider, tests).
  const endpoints = [provider.authorizationUrl, provider.tokenUrl, provider.userinfoUrl, provider.jwksUrl];
  if (endpoints.some((url) => url?.startsWith('http:'))) allowInsecureRequests(configuration);
  // The ID token's signature is checked against the provider's JWKS, not only trusted for coming over TLS.
  if (provider.entry.idToken) enableNonRepudiationChecks(configuration);
  configurations.set(provider, configuration);
  return configuration;
}

/** The provider's authorization URL: its default scopes plus the custom ones, state, PKCE and nonce as the entry supports. */
export function authorizationUrl(
  provider: ResolvedProvider,
  input: { redirectUri: string; checks: FlowChecks; customScopes: string[]; providerParams: Record<string, string> },
): URL {
  const { entry } = provider;
  const scopes = [...new Set([...entry.scopes, ...input.customScopes])];
  const ours: Record<string, string> = {
    client_id: provider.clientId,
    response_type: 'code',
    redirect_uri: input.redirectUri,
    state: input.checks.state,
    ...(scopes.length > 0 ? { scope: scopes.join(entry.scopeSeparator ?? ' ') } : {}),
    ...(input.checks.nonce ? { nonce: input.checks.nonce } : {}),
    ...(input.checks.pkceVerifier ? { code_challenge: pkceChallenge(input.checks.pkceVerifier), code_challenge_method: 'S256' } : {}),
  };
  // The host's extra parameters may not replace the ones the flow's safety rests on: the route
  // refuses those names (provider-params.ts), and ours are spread last all the same.
  return buildAuthorizationUrl(configurationOf(provider), { ...input.providerParams, ...entry.authorizationParams?.(provider.clientId), ...ours });
}

/**
 * The callback's work: checks the provider's answer against the state, exchanges the code (with
 * the PKCE verifier), validates the ID token where the provider issues one (issuer, audience,
 * expiry, nonce, signature), and maps the profile. Throws on anything wrong.
 */
export async function exchangeAndReadProfile(provider: ResolvedProvider, callbackUrl: URL, checks: FlowChecks): Promise<OAuthProfile> {
  const configuration = configurationOf(provider);
  const tokens = await authorizationCodeGrant(configuration, callbackUrl, {
    expectedState: checks.state,
    ...(checks.nonce ? { expectedNonce: checks.nonce } : {}),
    ...(checks.pkceVerifier ? { pkceCodeVerifier: checks.pkceVerifier } : {}),
    idTokenExpected: provider.entry.idToken,
  });
  const claims = provider.entry.idToken ? (tokens.claims() as Record<string, unknown> | undefined) : undefined;
  const get = async (url: string): Promise<unknown> => {
    const response = await fetchProtectedResource(
      configuration,
      tokens.access_token,
      new URL(url),
      'GET',
      undefined,
      new Headers({ Accept: 'application/json' }),
    );
    if (!response.ok) throw new Error(`The provider answered ${response.status} at ${new URL(url).pathname}.`);
    return response.json();
  };
  return provider.profile({ claims, get, userinfoUrl: provider.userinfoUrl });
}
