import type { OpenAPIHono } from '@hono/zod-openapi';
import { fedcmRoutes } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../../http/app-env.js';
import { defineRoute } from '../../../http/define-route.js';
import { enforceClientLimit } from '../../../http/limits.js';
import { ApiError } from '../../../kernel/api-error.js';
import { getUser } from '../../../kernel/users.js';
import { authTimeOf } from '../authorization-request.js';
import { rememberConsent } from '../consents.js';
import { signIdToken } from '../id-token.js';
import { fedcmSession } from './fedcm-cookie.js';
import { fedcmForm } from './form.js';
import { allowCredentialedOrigin, clientAtOrigin } from './registered-origin.js';
import { answeringFedCmErrors } from './refusals.js';
import { webIdentityOnly } from './webidentity-only.js';

/** What a FedCM sign-in grants: what the browser's dialog says it shares (name, email), as the code flow's default scopes. */
const FEDCM_SCOPES = ['openid', 'email', 'profile'];

/** The relying party's nonce: in params (Chrome 145+ sends it only there), else the older top-level field; a params that is not a JSON object, or a nonce that is not a string, is 400. */
function nonceOf(form: { params?: string; nonce?: string }): string | null {
  if (form.params === undefined) return form.nonce ?? null;
  let params: unknown;
  try {
    params = JSON.parse(form.params);
  } catch {
    throw new ApiError('bad_request', 'params must be a JSON object.');
  }
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw new ApiError('bad_request', 'params must be a JSON object.');
  const nonce = (params as { nonce?: unknown }).nonce ?? form.nonce;
  if (nonce === undefined) return null;
  if (typeof nonce !== 'string' || nonce.length > 512) throw new ApiError('bad_request', 'params.nonce must be a string of at most 512 characters.');
  return nonce;
}

/**
 * POST /fedcm/assertion: once the person chose their account in the browser's dialog, an ID token
 * for the relying party, signed as the code flow signs it (RS256, aud the client_id, the nonce, the
 * email claims), with no access token beside it. The client must be registered, the calling page at
 * one of its origins, the FedCM cookie's session live and its user the chosen account. The client
 * is then remembered as approved (the account's approved_clients), as Allow does on the consent
 * screen: the browser's dialog, which named what is shared, was the consent.
 */
export function registerAssertion(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  defineRoute(
    app,
    fedcmRoutes.assertion,
    webIdentityOnly,
    answeringFedCmErrors(async (c) => {
      // Each answer is a signature: limited per address as the other endpoints that sign are.
      await enforceClientLimit(deps, c, 'fedcm-assertion', deps.config.rateLimits.idpPerIp, 'Too many FedCM sign-ins from this address.');
      const form = await fedcmForm(c, fedcmRoutes.assertion.form);
      const { client, origin } = await clientAtOrigin(c, deps, form.client_id);
      allowCredentialedOrigin(c, origin);
      // An ID token is OpenID Connect's: a client that may not ask for openid gets none, as in the code flow.
      if (!client.allowed_scopes.includes('openid')) throw new ApiError('forbidden', 'This application may not ask for openid, so it gets no ID token.');
      const nonce = nonceOf(form);
      const session = await fedcmSession(c, deps);
      if (form.account_id !== session.user_id) throw new ApiError('fedcm_account_not_signed_in');
      const user = await getUser(deps, session.user_id);
      if (!user) throw new ApiError('session_not_found');
      const scopes = FEDCM_SCOPES.filter((scope) => client.allowed_scopes.includes(scope));
      const now = deps.clock();
      await rememberConsent(deps.db, user.user_id, client.client_id, scopes, now);
      const token = await signIdToken(deps, { user, clientId: client.client_id, scopes, authTime: authTimeOf(session), nonce, now });
      return c.json({ token });
    }),
  );
}
