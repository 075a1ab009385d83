import { sha256Hex } from '../../../security/hash.js';
import { isPkceVerifier, pkceVerifies } from '../../../security/pkce.js';
import { consumeCode } from '../codes-store.js';
import { OAuthFailure } from '../oauth-answers.js';
import { tokenResponse } from '../token-response.js';
import { revokeByCode, type GrantFacts } from '../tokens-store.js';
import type { GrantType } from './grant-type.js';

/**
 * grant_type=authorization_code: the code, once, for the client it was issued to, with the
 * authorization request's redirect_uri and, when that request had a code_challenge, the verifier.
 */
export const authorizationCodeGrant: GrantType = async (deps, client, params, now) => {
  const { db } = deps;
  const code = params.code;
  if (!code) throw new OAuthFailure('invalid_request', 'code is required.');
  const used = await consumeCode(db, code, now);
  if (!used) {
    // A code used twice: whoever replays it may have stolen it, so what it gave is taken back.
    await revokeByCode(db, sha256Hex(code), now);
    throw new OAuthFailure('invalid_grant', 'The code is invalid, expired or already used.');
  }
  const bound = used.bound;
  // A code issued before grants were kept (migration 0012) names none.
  if (!bound.grant_id) throw new OAuthFailure('invalid_grant', 'The code is invalid, expired or already used.');
  if (bound.client_id !== client.client_id) throw new OAuthFailure('invalid_grant', 'The code was issued to another client.');
  if (params.redirect_uri !== bound.redirect_uri) throw new OAuthFailure('invalid_grant', 'redirect_uri differs from the authorization request.');
  const verifier = params.code_verifier;
  if (bound.code_challenge) {
    if (!verifier || !isPkceVerifier(verifier)) throw new OAuthFailure('invalid_grant', 'A valid code_verifier is required.');
    if (!pkceVerifies(verifier, bound.code_challenge)) throw new OAuthFailure('invalid_grant', 'The code_verifier does not match the code_challenge.');
  } else if (verifier) {
    throw new OAuthFailure('invalid_grant', 'The authorization request had no code_challenge.');
  }
  const grant: GrantFacts = {
    grantId: bound.grant_id,
    codeHash: sha256Hex(code),
    clientId: client.client_id,
    userId: used.userId!,
    scopes: bound.scopes,
    authTime: new Date(bound.auth_time),
  };
  return tokenResponse(deps, grant, { nonce: bound.nonce, now, rotates: null });
};
