import { SignJWT } from 'jose';
import type { Session, SessionJwtClaims } from '@vestibule/contract';
import type { ProjectConfig } from '../../config/server-config.js';
import type { SigningKeyring } from '../keyring.js';

/**
 * Signs the short-lived session JWT: iss = public API URL, sub = user, aud = public token, and the
 * session itself in the vestibule_session claim. Verify it against /.well-known/jwks.json.
 */
export async function signSessionJwt(keyring: SigningKeyring, input: { issuer: string; project: ProjectConfig; session: Session; now: Date }): Promise<string> {
  const key = await keyring.active();
  const iat = Math.floor(input.now.getTime() / 1000);
  const claim: SessionJwtClaims['vestibule_session'] = {
    session_id: input.session.session_id,
    started_at: input.session.started_at,
    last_accessed_at: input.session.last_accessed_at,
    expires_at: input.session.expires_at,
    authentication_factors: input.session.authentication_factors,
  };
  return (
    new SignJWT({ vestibule_session: claim })
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
      .setIssuer(input.issuer)
      .setSubject(input.session.user_id)
      .setAudience(input.project.publicToken)
      .setIssuedAt(iat)
      .setNotBefore(iat)
      // Never past the session's own end: a JWT that outlived its session would still be believed.
      .setExpirationTime(Math.min(iat + input.project.sessionJwtMinutes * 60, Math.floor(Date.parse(input.session.expires_at) / 1000)))
      .sign(key.privateKey)
  );
}
