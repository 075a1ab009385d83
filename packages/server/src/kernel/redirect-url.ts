import { ApiError } from '../http/api-error.js';

/** The requested URL if it is exactly on the allowlist, else the list's first entry when none is asked for. */
export function chooseRedirectUrl(field: string, requested: string | undefined, allowlist: string[]): string {
  if (requested === undefined) return allowlist[0]!;
  if (!allowlist.includes(requested)) {
    throw new ApiError('invalid_redirect_url', `${field} is not on the project's allowlist of redirect URLs.`);
  }
  return requested;
}

/** The redirect URL with vestibule_token_type=login&token=… appended, keeping any existing query. */
export function magicLinkUrl(redirectUrl: string, token: string): string {
  const url = new URL(redirectUrl);
  url.searchParams.append('vestibule_token_type', 'login');
  url.searchParams.append('token', token);
  return url.toString();
}
