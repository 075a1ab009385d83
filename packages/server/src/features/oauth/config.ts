import { OAUTH_PROVIDER_TYPES, type OAuthProviderType } from '@vestibule/contract';
import { z } from 'zod';
import { ConfigError } from '../../config/config-error.js';
import { field, type ConfigSection, type FieldDeclaration } from '../../config/declare.js';
import { httpUrl, rate } from '../../config/schemas.js';
import type { RateLimitRule } from '../../config/server-config.js';

/** What the settings give for one social sign-in provider; every endpoint left out is the provider's real one. */
export interface OAuthProviderSettings {
  clientId?: string;
  clientSecret?: string;
  authorizationUrl?: string;
  tokenUrl?: string;
  userinfoUrl?: string;
  jwksUrl?: string;
  issuer?: string;
}

/** Each setting of a provider: its key under server.oauth.providers.<name> and its variable's suffix. */
const SETTINGS: Array<[keyof OAuthProviderSettings, string, z.ZodType, string]> = [
  ['clientId', 'CLIENT_ID', z.string().min(1), 'Client id registered with the provider. Unset in development: the built-in development provider stands in.'],
  ['clientSecret', 'CLIENT_SECRET', z.string().min(1), 'Client secret from the provider (Apple: the signed client-secret JWT).'],
  ['authorizationUrl', 'AUTHORIZATION_URL', httpUrl, "Authorization endpoint; the provider's real one by default."],
  ['tokenUrl', 'TOKEN_URL', httpUrl, "Token endpoint; the provider's real one by default."],
  ['userinfoUrl', 'USERINFO_URL', httpUrl, "Profile (userinfo) endpoint; the provider's real one by default."],
  ['jwksUrl', 'JWKS_URL', httpUrl, "JWKS the provider signs ID tokens with; the provider's real one by default."],
  ['issuer', 'ISSUER', z.string().min(1), "Expected `iss` of the provider's ID tokens; the provider's real one by default."],
];

const envName = (provider: string, suffix: string) => `VESTIBULE_OAUTH_${provider.toUpperCase()}_${suffix}`;

const providerFields: Record<string, FieldDeclaration> = Object.fromEntries(
  OAUTH_PROVIDER_TYPES.flatMap((provider) =>
    SETTINGS.map(([key, suffix, schema, doc]) => [
      `oauth.providers.${provider}.${key}`,
      field(schema.optional(), `${provider}: ${doc}`, {
        env: { name: envName(provider, suffix), read: 'string' },
        defaultText: key === 'clientId' || key === 'clientSecret' ? 'unset' : "the provider's",
      }),
    ]),
  ),
);

export const oauthConfig: ConfigSection = {
  name: 'oauth',
  server: {
    ...providerFields,
    'oauth.googleOneTapScriptUrl': field(
      httpUrl.default('https://accounts.google.com/gsi/client'),
      "Google one-tap: the Google Identity Services script the login widget loads (a server setting, so the host's widget configuration stays the same in every environment and tests point it at a local stand-in).",
      { env: { name: 'VESTIBULE_OAUTH_GOOGLE_ONE_TAP_SCRIPT_URL', read: 'string' } },
    ),
    'rateLimits.oauthPerIp': field(
      rate(100, 600),
      '`{ limit, windowSeconds }` social sign-in starts, and token exchanges, per client address (each its own count).',
    ),
  },
  finish(config) {
    const read = (config as unknown as { oauth?: { providers?: Record<string, OAuthProviderSettings>; googleOneTapScriptUrl?: string } }).oauth;
    const given = (read?.providers ?? {}) as Record<string, OAuthProviderSettings>;
    // Only providers with at least one setting count as configured; the others keep their defaults.
    const providers = Object.fromEntries(Object.entries(given).filter(([, settings]) => Object.values(settings).some((value) => value !== undefined)));
    if (config.env === 'production') {
      // A provider named in the settings but without credentials would fail every user at the callback.
      for (const [provider, settings] of Object.entries(providers)) {
        const missing = SETTINGS.filter(([key]) => (key === 'clientId' || key === 'clientSecret') && !settings[key]).map(([, suffix]) =>
          envName(provider, suffix),
        );
        if (missing.length > 0)
          throw new ConfigError(`server.oauth.providers.${provider}`, `the ${provider} provider has no credentials; set ${missing.join(' and ')}`);
      }
    }
    config.oauth = { providers, googleOneTapScriptUrl: read?.googleOneTapScriptUrl ?? 'https://accounts.google.com/gsi/client' };
  },
};

declare module '../../config/server-config.js' {
  interface ServerConfig {
    /** Social sign-in: the providers that have settings (by type); the others use the development provider in development. */
    oauth: {
      providers: Partial<Record<OAuthProviderType, OAuthProviderSettings>>;
      /** Where widgets load Google Identity Services from for one-tap (published in the one-tap start's answer). */
      googleOneTapScriptUrl: string;
    };
  }
  interface RateLimitConfig {
    /** Social sign-in starts and token exchanges per client IP (each route its own count). */
    oauthPerIp: RateLimitRule;
  }
}
