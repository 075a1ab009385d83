import { OAUTH_PROVIDER_TYPES, type OAuthProviderType } from '@vestibule/contract';
import type { ServerConfig } from '../../config/server-config.js';
import type { ResolvedProvider } from './engine.js';
import { PROVIDERS } from './providers.js';

/** Every provider as the engine will run it, or why it cannot run (the start answers that as 400 bad_request). */
export type Providers = Map<OAuthProviderType, ResolvedProvider | string>;

/**
 * Every provider as the settings give it: its table entry with the settings applied. Without a
 * client id it cannot run, except in development, where it is left `unconfigured` for the
 * development provider to stand in for.
 */
export function configuredProviders(config: ServerConfig): { providers: Providers; unconfigured: OAuthProviderType[] } {
  const providers: Providers = new Map();
  const unconfigured: OAuthProviderType[] = [];
  for (const type of OAUTH_PROVIDER_TYPES) {
    const settings = config.oauth.providers[type] ?? {};
    const entry = PROVIDERS[type];
    const variable = `VESTIBULE_OAUTH_${type.toUpperCase()}`;
    if (!settings.clientId) {
      if (config.env === 'development') unconfigured.push(type);
      else providers.set(type, `The ${type} provider is not configured; set ${variable}_CLIENT_ID and ${variable}_CLIENT_SECRET.`);
    } else if (!settings.clientSecret) {
      providers.set(type, `The ${type} provider has no client secret; set ${variable}_CLIENT_SECRET.`);
    } else {
      providers.set(type, {
        entry,
        clientId: settings.clientId,
        clientSecret: settings.clientSecret,
        authorizationUrl: settings.authorizationUrl ?? entry.authorizationUrl,
        tokenUrl: settings.tokenUrl ?? entry.tokenUrl,
        userinfoUrl: settings.userinfoUrl ?? entry.userinfoUrl,
        jwksUrl: settings.jwksUrl ?? entry.jwksUrl,
        issuer: settings.issuer ?? entry.issuer,
        profile: entry.profile,
      });
    }
  }
  return { providers, unconfigured };
}
