import type { LoginConfig } from '@vestibule/react';

/** The config used when the page's URL names none: magic links, landing on the demo's reset page. */
export function defaultLoginConfig(origin: string): LoginConfig {
  return {
    products: ['emailMagicLinks'],
    emailMagicLinksOptions: {
      loginRedirectURL: `${origin}/reset`,
      signupRedirectURL: `${origin}/reset`,
      loginExpirationMinutes: 30,
      signupExpirationMinutes: 30,
    },
    sessionOptions: { sessionDurationMinutes: 30 },
  };
}

/**
 * The OAuth landing is the demo's reset page on this page's origin, unless the config names one:
 * the server's fallback is the first URL of its allowlist, which may be another origin (localhost
 * for a page opened on 127.0.0.1), where the browser's PKCE verifier is not.
 */
export function withOAuthLanding(config: LoginConfig, origin: string): LoginConfig {
  const options = config.oauthOptions;
  if (!Array.isArray(config.products) || !config.products.includes('oauth') || typeof options !== 'object' || options === null) return config;
  const landing = `${origin}/reset`;
  return {
    ...config,
    oauthOptions: { ...options, loginRedirectURL: options.loginRedirectURL ?? landing, signupRedirectURL: options.signupRedirectURL ?? landing },
  };
}

export type LoginConfigResult = { source: 'query' | 'default'; config: LoginConfig } | { source: 'invalid'; error: string; config: LoginConfig };

/**
 * Reads the `config` query parameter: URL-encoded JSON of the widget configuration. A parameter
 * that is not JSON, or not an object, is reported and `fallback` used instead; any object goes to
 * the widget as it is, so a mistake in it shows the widget's own check at mount.
 */
export function configFromUrl(url: URL, fallback: LoginConfig): LoginConfigResult {
  const raw = url.searchParams.get('config');
  if (raw === null) return { source: 'default', config: fallback };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    return { source: 'invalid', error: `The config parameter is not valid JSON: ${(error as Error).message}`, config: fallback };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { source: 'invalid', error: 'The config parameter must be a JSON object.', config: fallback };
  }
  return { source: 'query', config: parsed as LoginConfig };
}

/** The login page's config: the `config` query parameter (configFromUrl), with the OAuth landing filled in. */
export function loginConfigFromUrl(url: URL): LoginConfigResult {
  const result = configFromUrl(url, defaultLoginConfig(url.origin));
  return result.source === 'query' ? { source: 'query', config: withOAuthLanding(result.config, url.origin) } : result;
}

/**
 * The login config with passkeys among its products, for the passkey-registration mount. A config
 * whose products are not a list goes to the widget as it is, which names the mistake.
 */
export function withPasskeys(config: LoginConfig): LoginConfig {
  return Array.isArray(config.products) ? { ...config, products: [...new Set([...config.products, 'passkeys' as const])] } : config;
}
