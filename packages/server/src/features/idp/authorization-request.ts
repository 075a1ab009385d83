import type { IdpAuthorizeStartRequestSchema, IdpScopeResult } from '@vestibule/contract';
import type { z } from 'zod';
import type { IdpClientConfig } from './config.js';
import { ApiError } from '../../kernel/api-error.js';
import type { AppDeps } from '../../http/app-env.js';
import { withQuery } from '../../kernel/redirect-url.js';
import { getUser } from '../../kernel/users.js';
import { isS256Challenge } from '../../security/pkce.js';
import type { SessionRow } from '../../storage/database.js';
import { findClient } from './clients.js';
import { grantedScopes } from './consents.js';
import { describeScope, isGrantable, isKnownScope, rolesOf } from './scopes.js';

export type AuthorizeParams = z.output<typeof IdpAuthorizeStartRequestSchema>;

/** An error that goes back to the relying party: its redirect URI carrying error, error_description and state. */
export interface SentBack {
  kind: 'back';
  client: IdpClientConfig;
  error: string;
  redirectUri: string;
}

/** The user is signed in, but must sign in again first: prompt=login, or the sign-in is older than max_age. */
export interface SignInAgain {
  kind: 'signInAgain';
  client: IdpClientConfig;
}

export interface Checked {
  kind: 'checked';
  client: IdpClientConfig;
  scopes: string[];
  scopeResults: IdpScopeResult[];
  consentRequired: boolean;
  session: SessionRow;
}

export function sendBack(client: IdpClientConfig, params: Pick<AuthorizeParams, 'redirect_uri' | 'state'>, error: string, description: string): SentBack {
  return { kind: 'back', client, error, redirectUri: withQuery(params.redirect_uri, { error, error_description: description, state: params.state }) };
}

/** The client and the redirect URI, checked first: errors about them never redirect. */
export async function checkClient(deps: AppDeps, params: Pick<AuthorizeParams, 'client_id' | 'redirect_uri'>): Promise<IdpClientConfig> {
  const client = await findClient(deps, params.client_id);
  if (!client) throw new ApiError('idp_client_not_found');
  if (!client.redirect_uris.includes(params.redirect_uri)) throw new ApiError('idp_redirect_uri_not_registered');
  return client;
}

/**
 * When the session's user authenticated last (auth_time): the latest factor that proved a credential
 * the user already had, else the session's start. A credential attached during the session (a new
 * passkey, a wallet first linked) proves only that the session's holder controls it.
 */
export function authTimeOf(session: SessionRow): Date {
  const times = (session.authentication_factors ?? [])
    .filter((factor) => !factor.attached)
    .map((factor) => Date.parse(factor.last_authenticated_at))
    .filter((time) => Number.isFinite(time));
  return times.length > 0 ? new Date(Math.max(...times)) : session.started_at;
}

/**
 * The whole authorization request, as the preflight and the submit both check it: client and
 * redirect URI (JSON errors), then response_type, PKCE, scopes, prompt and max_age (sent back), then
 * the session (prompt=none: login_required), whether it must sign in again (prompt=login, max_age),
 * and which scopes the user can grant and whether to ask.
 */
export async function checkAuthorization(
  deps: AppDeps,
  params: AuthorizeParams,
  session: SessionRow | null,
  sessionTokenGiven: boolean,
): Promise<SentBack | SignInAgain | Checked> {
  const client = await checkClient(deps, params);
  const back = (error: string, description: string) => sendBack(client, params, error, description);
  if (params.response_type !== 'code') return back('unsupported_response_type', "Only response_type 'code' is supported.");
  if (params.code_challenge_method !== undefined && params.code_challenge_method !== 'S256')
    return back('invalid_request', "code_challenge_method must be 'S256'.");
  if (params.code_challenge === undefined) {
    if (params.code_challenge_method !== undefined) return back('invalid_request', 'code_challenge_method was sent without code_challenge.');
    if (client.client_type === 'public') return back('invalid_request', 'PKCE is required for public clients: send code_challenge (S256).');
  } else if (!isS256Challenge(params.code_challenge)) {
    return back('invalid_request', 'code_challenge must be the base64url SHA-256 of the code_verifier (43 characters).');
  }
  const scopes = [...new Set(params.scope.split(/\s+/).filter(Boolean))];
  if (scopes.length === 0) return back('invalid_scope', 'No scope was requested.');
  for (const scope of scopes) {
    if (!isKnownScope(scope, deps.config.idp.rbac) || !client.allowed_scopes.includes(scope))
      return back('invalid_scope', `The scope ${scope} is not available to this client.`);
  }
  const prompts = (params.prompt ?? '').split(/\s+/).filter(Boolean);
  if (prompts.includes('none') && prompts.length > 1) return back('invalid_request', 'prompt=none cannot be combined with other values.');
  if (params.max_age !== undefined && !/^\d{1,9}$/.test(params.max_age)) return back('invalid_request', 'max_age must be a whole number of seconds.');
  if (!session) {
    if (prompts.includes('none')) return back('login_required', 'The user is not signed in.');
    throw new ApiError(sessionTokenGiven ? 'session_not_found' : 'user_unauthenticated');
  }
  const signedInFor = deps.clock().getTime() - authTimeOf(session).getTime();
  if (prompts.includes('login') || (params.max_age !== undefined && signedInFor > Number(params.max_age) * 1000)) {
    if (prompts.includes('none')) return back('login_required', 'The sign-in is older than max_age.');
    return { kind: 'signInAgain', client };
  }
  const user = await getUser(deps, session.user_id);
  if (!user) throw new ApiError('session_not_found');
  const rbac = deps.config.idp.rbac;
  const roles = rbac
    ? rolesOf(
        rbac,
        user.emails.filter((email) => email.verified).map((email) => email.email),
      )
    : [];
  const scopeResults = scopes.map((scope) => ({
    scope,
    description: describeScope(scope, deps.config.project.rbacPolicy),
    is_grantable: isGrantable(scope, rbac, roles),
  }));
  const remembered = await grantedScopes(deps.db, user.user_id, client.client_id);
  const consentRequired = prompts.includes('consent') || scopeResults.some((result) => result.is_grantable && !remembered.includes(result.scope));
  if (prompts.includes('none') && consentRequired) return back('consent_required', 'The user has not granted these scopes to this client.');
  return { kind: 'checked', client, scopes, scopeResults, consentRequired, session };
}
