import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { SessionJwtClaims } from '@vestibule/contract';

export interface SessionVerifierOptions {
  /** The Vestibule API's public base URL (the JWT issuer), e.g. http://localhost:8787. */
  apiUrl: string;
  /** The project's public token (the JWT audience). */
  publicToken: string;
  /** Defaults to `${apiUrl}/.well-known/jwks.json`. */
  jwksUrl?: string;
  /** Accepted clock difference in seconds (default 5). */
  clockToleranceSeconds?: number;
}

export interface SessionVerifier {
  /** The verified claims; throws (a jose error) when the JWT is invalid, expired or not ours. */
  verify(sessionJwt: string): Promise<SessionJwtClaims>;
}

/**
 * For host back ends: verifies session JWTs offline against the published JWKS (fetched and cached
 * by jose, refetched when an unknown kid shows up after a key rotation).
 */
export function createSessionVerifier(options: SessionVerifierOptions): SessionVerifier {
  const issuer = options.apiUrl.replace(/\/+$/, '');
  const jwks: JWTVerifyGetKey = createRemoteJWKSet(new URL(options.jwksUrl ?? `${issuer}/.well-known/jwks.json`));
  return {
    async verify(sessionJwt) {
      const { payload } = await jwtVerify(sessionJwt, jwks, {
        issuer,
        audience: options.publicToken,
        algorithms: ['ES256'],
        clockTolerance: options.clockToleranceSeconds ?? 5,
      });
      if (typeof payload.sub !== 'string' || typeof payload.vestibule_session !== 'object' || payload.vestibule_session === null) {
        throw new Error('Session JWT lacks sub or the vestibule_session claim.');
      }
      return payload as unknown as SessionJwtClaims;
    },
  };
}
