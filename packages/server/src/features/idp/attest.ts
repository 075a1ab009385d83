import type { OpenAPIHono } from '@hono/zod-openapi';
import { ATTESTED_SESSION_MINUTES, idpRoutes, type AuthenticationFactor } from '@vestibule/contract';
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import type { TokenProfile } from './config.js';
import { ApiError } from '../../kernel/api-error.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { signInClient } from '../../http/sign-in-client.js';
import { checkMinutes, SESSION_DURATION_MINUTES } from '../../kernel/durations.js';
import { normalizeEmail } from '../../kernel/email-address.js';
import { completeSignIn } from '../../kernel/sessions/complete-sign-in.js';
import { createUserWithEmail, findUserEmail, proveEmail } from '../../kernel/users.js';

/** Asymmetric algorithms only: a profile's keys are public, so an HMAC "signature" would prove nothing. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/**
 * POST /sdk/v1/sessions/attest: a trusted token from the host's own identity system becomes a
 * session. Any Bearer session sent along is not reused (the widget revokes it first): the token
 * alone says who signs in.
 */
export function registerAttest(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const keySets = new Map<string, JWTVerifyGetKey>();
  const keysOf = (profile: TokenProfile): JWTVerifyGetKey => {
    let keys = keySets.get(profile.profile_id);
    if (!keys) {
      keys = profile.jwks
        ? createLocalJWKSet(profile.jwks as unknown as JSONWebKeySet)
        : createRemoteJWKSet(new URL(profile.jwks_url!), { timeoutDuration: 5000 });
      keySets.set(profile.profile_id, keys);
    }
    return keys;
  };

  defineRoute(app, idpRoutes.sessionAttest, async (c, { body }) => {
    const project = deps.config.project;
    const duration = checkMinutes('session_duration_minutes', body.session_duration_minutes, ATTESTED_SESSION_MINUTES, {
      min: SESSION_DURATION_MINUTES.min,
      max: project.maxSessionDurationMinutes,
    });
    const profile = deps.config.idp.tokenProfiles.find((candidate) => candidate.profile_id === body.profile_id);
    if (!profile) throw new ApiError('token_profile_not_found');
    const now = deps.clock();
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(body.token, keysOf(profile), {
        issuer: profile.issuer,
        audience: profile.audience,
        algorithms: ALGORITHMS,
        requiredClaims: ['exp'],
        currentDate: now,
      }));
    } catch {
      throw new ApiError('invalid_trusted_auth_token');
    }
    const raw = claims[profile.email_claim];
    let email: string;
    try {
      email = normalizeEmail(typeof raw === 'string' ? raw : '');
    } catch {
      throw new ApiError('invalid_trusted_auth_token', `The trusted auth token has no email address in its ${profile.email_claim} claim.`);
    }
    const found = await findUserEmail(deps.db, email);
    const { userId, emailId } = found ? { userId: found.user_id, emailId: found.email_id } : await createUserWithEmail(deps.db, email, 'active', now);
    // The profile's issuer vouches for the address: a proof, as a used magic link is.
    await proveEmail(deps, userId, emailId, now);
    const factor: AuthenticationFactor = {
      type: 'attested',
      delivery_method: 'attested',
      last_authenticated_at: now.toISOString(),
      email_factor: { email_id: emailId, email_address: email },
    };
    const signedIn = await completeSignIn(deps, {
      requestId: c.get('requestId'),
      client: signInClient(c),
      bearerToken: null,
      userId,
      factors: [factor],
      durationMinutes: duration,
      durationRequested: true,
      now,
      // The host vouches for whoever it names, after its own sign-in and whatever steps that asked
      // for: the operator trusts its token profile to that extent, so no second step follows here.
      bothFactors: true,
    });
    return c.json(signedIn);
  });
}
