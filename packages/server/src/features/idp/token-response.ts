import type { Kysely } from 'kysely';
import type { TokenResponse } from '@vestibule/contract';
import type { AppDeps } from '../../http/app-env.js';
import { getUser } from '../../kernel/users.js';
import type { Database } from '../../storage/database.js';
import { signIdToken } from './id-token.js';
import { OAuthFailure } from './oauth-answers.js';
import { ACCESS_TOKEN_MINUTES, newTokens, revokeIfReused, spendRefreshToken, storeGrantTokens, type GrantFacts } from './tokens-store.js';

/** A refresh token used a second time: its grant is revoked by then. */
export const refreshTokenReused = () => new OAuthFailure('invalid_grant', 'The refresh token was already used; its grant is revoked.');

export interface TokenIssue {
  /** The authorization request's nonce, for the id_token (a code's answer only). */
  nonce: string | null;
  now: Date;
  /** The refresh token this answer replaces, spent under the same lock as the new tokens are stored. */
  rotates: string | null;
  /** The scopes of this answer's tokens when a refresh narrows them; the grant's otherwise. */
  narrowed?: string[];
}

/**
 * The token endpoint's answer for a grant, whichever grant type led to it: an access token, an
 * id_token (openid) and a refresh token (offline_access), stored only while the grant is live
 * (tokens-store.ts storeGrantTokens).
 */
export async function tokenResponse(deps: AppDeps, grant: GrantFacts, issue: TokenIssue): Promise<TokenResponse> {
  const { db } = deps;
  const { nonce, now, rotates, narrowed = grant.scopes } = issue;
  const user = await getUser(deps, grant.userId);
  if (!user) throw new OAuthFailure('invalid_grant', 'The user no longer exists.');
  // A refresh may narrow this answer's tokens (the access token, the id_token's claims); the new
  // refresh token carries the whole grant, as the one it replaces did.
  const tokens = newTokens(grant.scopes.includes('offline_access'));
  const response: TokenResponse = { access_token: tokens.access, token_type: 'Bearer', expires_in: ACCESS_TOKEN_MINUTES * 60, scope: narrowed.join(' ') };
  if (narrowed.includes('openid')) {
    response.id_token = await signIdToken(deps, {
      user,
      clientId: grant.clientId,
      scopes: narrowed,
      authTime: grant.authTime,
      nonce,
      accessToken: tokens.access,
      now,
    });
  }
  if (tokens.refresh) response.refresh_token = tokens.refresh;
  const spend = rotates === null ? undefined : (trx: Kysely<Database>) => spendRefreshToken(trx, rotates, grant.clientId, now);
  const outcome = await storeGrantTokens(db, grant, tokens, now, spend, narrowed);
  if (outcome === 'revoked') throw new OAuthFailure('invalid_grant', 'The grant was revoked; the user must authorize again.');
  if (outcome === 'spent') {
    // Another use of the same refresh token won while this one waited: reuse all the same.
    if (rotates !== null) await revokeIfReused(db, rotates, grant.clientId, now);
    throw refreshTokenReused();
  }
  return response;
}
