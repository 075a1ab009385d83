import type { OpenAPIHono } from '@hono/zod-openapi';
import { idpRoutes } from '@vestibule/contract';
import { ApiError } from '../../kernel/api-error.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { optionalSession } from '../../http/session-auth.js';
import { withQuery } from '../../kernel/redirect-url.js';
import { findClient } from './clients.js';
import { readIdTokenHint } from './id-token.js';

/**
 * RP-initiated logout's preflight, from the authorization page (the end-session endpoint): the
 * post-logout URI must be registered for the client exactly; the page then asks 'Log out?' or
 * not, revokes the session itself, and goes to the answered URI.
 */
export function registerEndSession(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  defineRoute(app, idpRoutes.logoutStart, async (c, { body, ok }) => {
    const client = await findClient(deps, body.client_id);
    if (!client) throw new ApiError('idp_client_not_found');
    if (!client.post_logout_redirect_uris.includes(body.post_logout_redirect_uri)) throw new ApiError('idp_post_logout_redirect_uri_not_registered');
    const { session } = await optionalSession(c, deps);
    // No confirmation when there is nobody to log out, or when the relying party proves (with an
    // id_token we issued it for this very user) that the user is leaving it.
    let consentRequired = false;
    if (session) {
      const hint = body.id_token_hint ? await readIdTokenHint(deps, body.id_token_hint) : null;
      consentRequired = !(hint && hint.sub === session.user_id && hint.aud.includes(client.client_id));
    }
    return ok({ consent_required: consentRequired, redirect_uri: withQuery(body.post_logout_redirect_uri, { state: body.state }) });
  });
}
