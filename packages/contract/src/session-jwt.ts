import type { AuthenticationFactor } from './session.js';

/**
 * The payload of a session JWT (ES256, key from GET /.well-known/jwks.json). iss is the public API
 * URL, sub the user_id, aud the project's public token; it lives a few minutes (exp).
 */
export interface SessionJwtClaims {
  iss: string;
  sub: string;
  aud: string;
  iat: number;
  nbf: number;
  exp: number;
  vestibule_session: {
    session_id: string;
    started_at: string;
    last_accessed_at: string;
    expires_at: string;
    authentication_factors: AuthenticationFactor[];
  };
}
