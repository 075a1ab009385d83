/** The query parameter that says what kind of token a link carries ('login': a magic-link token; 'oauth': the OAuth landing's). */
export const TOKEN_TYPE_PARAM = 'vestibule_token_type';

export function readTokenType(search: string): string | null {
  return new URLSearchParams(search).get(TOKEN_TYPE_PARAM);
}

/**
 * The query parameters an emailed magic link or password-reset link carries its token in, and the
 * server's redirect back from an OAuth provider its token or its error_type.
 */
export const LINK_TOKEN_PARAMS: readonly string[] = ['token', TOKEN_TYPE_PARAM, 'error_type'];

/** The name of one `name=value` part of a query string, decoded as a form would be. */
function paramName(part: string): string {
  const raw = (part.split('=', 1)[0] ?? '').replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Removes the link's token (`token`, `vestibule_token_type`, and the OAuth landing's `error_type`)
 * from the address bar once it has been spent or refused. Left there, the token would linger in the browser history, in
 * bookmarks, in screenshots and screen shares, and in the Referer header sent to whatever the page
 * loads or links to next. The other query parameters (kept exactly as written), the path and the
 * hash stay; history.replaceState rewrites the current entry (keeping its state) rather than
 * adding one. Does nothing outside a browser or when the address has no such parameter.
 */
export function forgetLinkToken(): void {
  if (typeof window === 'undefined') return;
  const { pathname, search, hash } = window.location;
  const parts = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '');
  const kept = parts.filter((part) => !LINK_TOKEN_PARAMS.includes(paramName(part)));
  if (kept.length === parts.length) return;
  const query = kept.length > 0 ? `?${kept.join('&')}` : '';
  window.history.replaceState(window.history.state, '', `${pathname}${query}${hash}`);
}
