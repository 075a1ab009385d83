import { OAuthFailure } from '../oauth-answers.js';
import { refreshTokenReused, tokenResponse } from '../token-response.js';
import { factsOf, liveToken, revokeIfReused } from '../tokens-store.js';
import type { GrantType } from './grant-type.js';

/**
 * grant_type=refresh_token: a live refresh token of the client is spent and replaced (rotation);
 * one used before revokes its whole grant. `scope` may narrow this answer's tokens to some of the
 * granted scopes.
 */
export const refreshTokenGrant: GrantType = async (deps, client, params, now) => {
  const { db } = deps;
  const token = params.refresh_token;
  if (!token) throw new OAuthFailure('invalid_request', 'refresh_token is required.');
  // A scope parameter with no scope in it is no narrowing: as if it were left out (RFC 6749 6).
  const asked = params.scope?.split(/\s+/).filter(Boolean);
  const narrowing = asked && asked.length > 0 ? asked : undefined;
  const live = await liveToken(db, 'refresh', token, now);
  if (!live || live.client_id !== client.client_id) {
    if (await revokeIfReused(db, token, client.client_id, now)) throw refreshTokenReused();
    throw new OAuthFailure('invalid_grant', 'The refresh token is invalid, expired or revoked.');
  }
  const facts = factsOf(live);
  // The whole request is checked before the token is spent: a refused request must leave it
  // usable, or the client's next refresh would look like reuse and revoke the grant. (A
  // grant's scopes never change, so what is read here is what the spend would find.)
  if (narrowing?.some((scope) => !facts.scopes.includes(scope))) throw new OAuthFailure('invalid_scope', 'A refresh may only narrow the granted scopes.');
  return tokenResponse(deps, facts, {
    nonce: null,
    now,
    rotates: token,
    narrowed: narrowing ? facts.scopes.filter((scope) => narrowing.includes(scope)) : undefined,
  });
};
