import { ApiError } from './api-error.js';

/** The requested URL if it is exactly on the allowlist, else the list's first entry when none is asked for. */
export function chooseRedirectUrl(field: string, requested: string | undefined, allowlist: string[]): string {
  if (requested === undefined) return allowlist[0]!;
  if (!allowlist.includes(requested)) {
    throw new ApiError('invalid_redirect_url', `${field} is not on the project's allowlist of redirect URLs.`);
  }
  return requested;
}

/**
 * A URL with parameters put in its query (undefined ones left out), keeping the rest of its query:
 * how every answer travels back to a host or relying party (emailed links, OAuth landings, codes).
 */
export function withQuery(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/** The redirect URL with vestibule_token_type=login&token=…, keeping any existing query. */
export function magicLinkUrl(redirectUrl: string, token: string): string {
  return withQuery(redirectUrl, { vestibule_token_type: 'login', token });
}
