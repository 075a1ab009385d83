import { createHash } from 'node:crypto';
import type { User } from '@vestibule/contract';
import { base64url, compactVerify, createLocalJWKSet, decodeProtectedHeader, SignJWT, type JWK } from 'jose';
import type { AppDeps } from '../../http/app-env.js';
import { ID_TOKEN_KEY, publishedKeys } from '../../kernel/keyring.js';
import { ID_TOKEN_MINUTES } from './tokens-store.js';

/** The claims of the granted scopes (id_token and userinfo alike). */
export function scopeClaims(user: User, scopes: string[]): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  if (scopes.includes('email')) {
    const email = user.emails.find((entry) => entry.verified) ?? user.emails[0];
    if (email) Object.assign(claims, { email: email.email, email_verified: email.verified });
  }
  if (scopes.includes('phone')) {
    const phone = user.phone_numbers.find((entry) => entry.verified) ?? user.phone_numbers[0];
    if (phone) Object.assign(claims, { phone_number: phone.phone_number, phone_number_verified: phone.verified });
  }
  return claims;
}

/** OpenID Connect Core 3.1.3.6: the left half of the access token's SHA-256, base64url. */
export function atHash(accessToken: string): string {
  return base64url.encode(createHash('sha256').update(accessToken, 'ascii').digest().subarray(0, 16));
}

export interface IdTokenInput {
  user: User;
  clientId: string;
  scopes: string[];
  authTime: Date;
  nonce: string | null;
  /** The access token issued with it (at_hash); none through FedCM, which issues the ID token alone. */
  accessToken?: string;
  now: Date;
}

/** An id_token signed RS256 by the active ID_TOKEN_KEY (its kid in the JWKS). */
export async function signIdToken(deps: AppDeps, input: IdTokenInput): Promise<string> {
  const key = await deps.keyring.active(ID_TOKEN_KEY);
  const iat = Math.floor(input.now.getTime() / 1000);
  return new SignJWT({
    auth_time: Math.floor(input.authTime.getTime() / 1000),
    ...(input.nonce ? { nonce: input.nonce } : {}),
    ...(input.accessToken ? { at_hash: atHash(input.accessToken) } : {}),
    ...scopeClaims(input.user, input.scopes),
  })
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .setIssuer(deps.config.publicUrl)
    .setSubject(input.user.user_id)
    .setAudience(input.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ID_TOKEN_MINUTES * 60)
    .sign(key.privateKey);
}

/**
 * An id_token_hint's claims when this server signed it (any published key) with our issuer; expiry
 * is not checked (OpenID Connect RP-Initiated Logout: an expired id_token is a fine hint). Null otherwise.
 */
export async function readIdTokenHint(deps: AppDeps, hint: string): Promise<{ sub: string; aud: string[] } | null> {
  try {
    const header = decodeProtectedHeader(hint);
    if (header.alg !== 'RS256') return null;
    const keys = createLocalJWKSet({ keys: (await publishedKeys(deps.db)) as JWK[] });
    const { payload } = await compactVerify(hint, keys);
    const claims = JSON.parse(new TextDecoder().decode(payload)) as { iss?: unknown; sub?: unknown; aud?: unknown };
    if (claims.iss !== deps.config.publicUrl || typeof claims.sub !== 'string') return null;
    const aud = Array.isArray(claims.aud)
      ? claims.aud.filter((value): value is string => typeof value === 'string')
      : typeof claims.aud === 'string'
        ? [claims.aud]
        : [];
    return { sub: claims.sub, aud };
  } catch {
    return null;
  }
}
