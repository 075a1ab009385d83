export type IdpFlow = 'Authorize' | 'Logout';

/** Logout when post_logout_redirect_uri is present, else Authorize (SPEC.md section 2). */
export function idpFlow(params: URLSearchParams): IdpFlow {
  return params.has('post_logout_redirect_uri') ? 'Logout' : 'Authorize';
}

const REQUIRED: Record<IdpFlow, string[]> = {
  Authorize: ['client_id', 'redirect_uri'],
  Logout: ['client_id', 'post_logout_redirect_uri'],
};

/** The first required parameter missing (or empty) from the query, or null. */
export function missingParam(params: URLSearchParams): string | null {
  return REQUIRED[idpFlow(params)].find((name) => !params.get(name)) ?? null;
}

/** Client name fallback: the redirect URI's hostname, then 'The App' (SPEC.md section 5). */
export function clientNameFallback(redirectUri: string | null): string | null {
  if (!redirectUri) return null;
  try {
    return new URL(redirectUri).hostname || null;
  } catch {
    console.warn(`Vestibule: could not read a host name from the redirect URI "${redirectUri}".`);
    return null;
  }
}
