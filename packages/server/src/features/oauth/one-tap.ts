import type { OpenAPIHono } from '@hono/zod-openapi';
import { oauthRoutes } from '@vestibule/contract';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { ApiError } from '../../kernel/api-error.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { enforceClientLimit } from '../../http/limits.js';
import { consumeToken, issueToken } from '../../kernel/one-time-secrets.js';
import { chooseRedirectUrl } from '../../kernel/redirect-url.js';
import { constantTimeEqual } from '../../security/constant-time.js';
import { userForProfile } from './accounts.js';
import type { ResolvedProvider } from './engine.js';
import { issueOAuthToken } from './flow-secrets.js';
import { landing } from './landing.js';
import { type OAuthProfile, standardClaims } from './profile.js';

/**
 * Google one-tap: no authorization code. The start hands the widget the client id, the script URL
 * and a nonce (a one-time secret); Google's prompt gives the page an ID token carrying that nonce;
 * the submit verifies the token (RS256 signature by the provider's JWKS, issuer, audience = our
 * client id, expiry) and then spends the nonce, so a token is good once, finds or creates the user
 * exactly as the callback does (accounts.ts) and, as the callback does, answers the host's page
 * with a one-time token bound to this browser's PKCE challenge. From there the landing signs in,
 * the same exchange and session code as every provider's button.
 */
const NONCE_PURPOSE = 'oauth_onetap_nonce';
const NONCE_MINUTES = 10;
/** Google's ID tokens name their issuer either way (Google's OpenID Connect documentation). */
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export function registerOneTapRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps, google: ResolvedProvider | string | undefined): void {
  const { config, db } = deps;
  const project = config.project;
  // Only a real Google client id: the development provider issues no ID tokens a browser could hold.
  const clientId = config.oauth.providers.google?.clientId;
  const configured = typeof google === 'object' && clientId && google.jwksUrl ? google : undefined;
  const jwks = configured ? createRemoteJWKSet(new URL(configured.jwksUrl!), { timeoutDuration: 10_000 }) : undefined;
  const issuers = configured?.issuer === GOOGLE_ISSUERS[0] ? GOOGLE_ISSUERS : [configured?.issuer ?? GOOGLE_ISSUERS[0]!];

  defineRoute(app, oauthRoutes.oneTapStart, async (c, { body, ok }) => {
    if (!configured) throw new ApiError('oauth_config_not_found');
    chooseRedirectUrl('login_redirect_url', body.login_redirect_url, project.loginRedirectUrls);
    chooseRedirectUrl('signup_redirect_url', body.signup_redirect_url, project.signupRedirectUrls);
    await enforceClientLimit(deps, c, 'oauth-onetap-start', config.rateLimits.oauthPerIp);
    const nonce = await issueToken(db, { purpose: NONCE_PURPOSE, userId: null, bound: {}, expirationMinutes: NONCE_MINUTES, now: deps.clock() });
    return ok({ client_id: clientId!, script_url: config.oauth.googleOneTapScriptUrl, nonce });
  });

  defineRoute(app, oauthRoutes.oneTapSubmit, async (c, { body, ok }) => {
    if (!configured || !jwks) throw new ApiError('oauth_config_not_found');
    const loginUrl = chooseRedirectUrl('login_redirect_url', body.login_redirect_url, project.loginRedirectUrls);
    const signupUrl = chooseRedirectUrl('signup_redirect_url', body.signup_redirect_url, project.signupRedirectUrls);
    await enforceClientLimit(deps, c, 'oauth-onetap-submit', config.rateLimits.oauthPerIp);
    const now = deps.clock();
    const refuse = (reason: string): never => {
      deps.log.info('One-tap sign-in refused', { request_id: c.get('requestId'), reason });
      throw new ApiError('invalid_id_token');
    };
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(body.id_token, jwks, {
        issuer: issuers,
        audience: clientId!,
        algorithms: ['RS256'],
        currentDate: now,
        requiredClaims: ['sub', 'exp', 'iat', 'nonce'],
      }));
    } catch (error) {
      return refuse(error instanceof joseErrors.JOSEError ? error.code : 'unreadable token');
    }
    const nonce = claims.nonce;
    if (typeof nonce !== 'string') return refuse('no nonce');
    if (body.nonce !== undefined && !constantTimeEqual(body.nonce, nonce)) return refuse('nonce differs from the one sent');
    // Only after the signature holds: a forged token must not spend someone's nonce.
    if (!(await consumeToken(db, NONCE_PURPOSE, nonce, now))) return refuse('unknown, used or expired nonce');
    let profile: OAuthProfile;
    try {
      profile = standardClaims(claims as Record<string, unknown>);
    } catch (error) {
      return refuse(error instanceof Error ? error.message : 'no subject');
    }
    const { userId, created } = await userForProfile(deps, 'google', profile, now);
    const token = await issueOAuthToken(db, userId, { provider: 'google', subject: profile.subject, codeChallenge: body.code_challenge }, now);
    return ok({ redirect_url: landing(created ? signupUrl : loginUrl, { token }) });
  });
}
