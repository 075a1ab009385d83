import type { IdpScopeResult } from '@vestibule/contract';

export type IdpFlow = 'Authorize' | 'Logout';

/** Authorize parameters, with their defaults applied. */
export interface AuthorizeParams {
  client_id: string;
  redirect_uri: string;
  response_type: string;
  scope: string;
  prompt?: string;
  max_age?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  state?: string;
  nonce?: string;
}

/** Logout parameters. */
export interface LogoutParams {
  client_id: string;
  post_logout_redirect_uri: string;
  id_token_hint?: string;
  state?: string;
}

/** One requested scope as the preflight answers it. */
export type ScopeResult = IdpScopeResult;

/** What the page's query asks for. */
export type IdpRequest = { flow: 'Authorize'; params: AuthorizeParams } | { flow: 'Logout'; params: LogoutParams } | { flow: IdpFlow; missing: string };

/** Logout when post_logout_redirect_uri is present, else Authorize. */
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

/** The optional parameters present in the query (absent ones are left out, not sent as empty). */
function optional<K extends string>(params: URLSearchParams, names: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const name of names) {
    const value = params.get(name);
    if (value) out[name] = value;
  }
  return out;
}

/** The request the query makes: Authorize or Logout with its parameters, or the first missing one. */
export function readIdpRequest(search: string): IdpRequest {
  const params = new URLSearchParams(search);
  const flow = idpFlow(params);
  const missing = missingParam(params);
  if (missing) return { flow, missing };
  if (flow === 'Logout') {
    return {
      flow,
      params: {
        client_id: params.get('client_id')!,
        post_logout_redirect_uri: params.get('post_logout_redirect_uri')!,
        ...optional(params, ['id_token_hint', 'state'] as const),
      },
    };
  }
  return {
    flow,
    params: {
      client_id: params.get('client_id')!,
      redirect_uri: params.get('redirect_uri')!,
      response_type: params.get('response_type') || 'code',
      scope: params.get('scope') || 'openid email profile',
      ...optional(params, ['prompt', 'max_age', 'code_challenge', 'code_challenge_method', 'state', 'nonce'] as const),
    },
  };
}

/**
 * The request once the user signed in on this page after it asked, `seconds` ago: prompt=login, if
 * it was asked for, is met, so it is not sent again; max_age becomes at most those seconds, which the server holds the
 * session's sign-in to (its time is the id_token's auth_time). A session that only looked new here
 * (an older sign-in read late) is asked again, not answered.
 */
export function signedInOnThisPage(params: AuthorizeParams, seconds: number): AuthorizeParams {
  const { prompt, max_age, ...rest } = params;
  const prompts = prompt?.split(/\s+/) ?? [];
  if (!prompts.includes('login')) return params;
  const left = prompts.filter((value) => value && value !== 'login').join(' ');
  const maxAge = String(Math.min(seconds, max_age === undefined ? seconds : Number(max_age)));
  return left ? { ...rest, prompt: left, max_age: maxAge } : { ...rest, max_age: maxAge };
}

/** Client name fallback: the redirect URI's hostname, then 'The App'. */
export function clientNameFallback(redirectUri: string | null): string | null {
  if (!redirectUri) return null;
  try {
    return new URL(redirectUri).hostname || null;
  } catch {
    console.warn(`Vestibule: could not read a host name from the redirect URI "${redirectUri}".`);
    return null;
  }
}

/** True when a redirect URI sends an OAuth error back (error=login_required for prompt=none, …). */
export function carriesError(redirectUri: string): boolean {
  try {
    return new URL(redirectUri).searchParams.has('error');
  } catch {
    return false;
  }
}
