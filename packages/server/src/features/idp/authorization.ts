import type { OpenAPIHono } from '@hono/zod-openapi';
import { idpRoutes } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { optionalSession, sessionAuth } from '../../http/session-auth.js';
import { withQuery } from '../../kernel/redirect-url.js';
import { authTimeOf, checkAuthorization, sendBack } from './authorization-request.js';
import { clientInfo } from './clients.js';
import { issueCode } from './codes-store.js';
import { rememberConsent } from './consents.js';
import { createGrant } from './grants-store.js';

/**
 * The authorization endpoint's two calls from the authorization page (the widget, with the user's
 * session): the preflight says who asks for what and whether to ask the user; the submit (Allow or
 * Deny) answers the relying party's redirect URI with a code, or with the error that goes back.
 */
export function registerAuthorization(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { db } = deps;

  defineRoute(app, idpRoutes.authorizeStart, async (c, { body, ok }) => {
    const { session, tokenGiven } = await optionalSession(c, deps);
    const checked = await checkAuthorization(deps, body, session, tokenGiven);
    const client = clientInfo(checked.client);
    return ok(
      checked.kind === 'back'
        ? { client, consent_required: false, redirect_uri: checked.redirectUri, scope_results: [], error: checked.error }
        : checked.kind === 'signInAgain'
          ? { client, consent_required: false, redirect_uri: body.redirect_uri, scope_results: [], reauthentication_required: true }
          : { client, consent_required: checked.consentRequired, redirect_uri: body.redirect_uri, scope_results: checked.scopeResults },
    );
  });

  defineRoute(app, idpRoutes.authorizeSubmit, sessionAuth(deps), async (c, { body, ok }) => {
    const checked = await checkAuthorization(deps, body, c.get('session'), true);
    if (checked.kind === 'back') return ok({ redirect_uri: checked.redirectUri, error: checked.error });
    if (checked.kind === 'signInAgain') {
      // No code before the new sign-in the preflight asked for.
      const again = sendBack(checked.client, body, 'login_required', 'The user must sign in again (prompt=login or max_age) before a code is issued.');
      return ok({ redirect_uri: again.redirectUri, error: again.error });
    }
    const now = deps.clock();
    if (checked.consentRequired && !body.consent_granted) {
      const denied = sendBack(checked.client, body, 'access_denied', 'The user denied the request.');
      return ok({ redirect_uri: denied.redirectUri, error: denied.error });
    }
    const granted = checked.scopeResults.filter((result) => result.is_grantable).map((result) => result.scope);
    if (checked.consentRequired) await rememberConsent(db, checked.session.user_id, checked.client.client_id, granted, now);
    const code = await issueCode(
      db,
      checked.session.user_id,
      {
        client_id: checked.client.client_id,
        redirect_uri: body.redirect_uri,
        code_challenge: body.code_challenge ?? null,
        scopes: granted,
        nonce: body.nonce ?? null,
        session_id: checked.session.session_id,
        auth_time: authTimeOf(checked.session).toISOString(),
        grant_id: await createGrant(db, checked.session.user_id, checked.client.client_id, now),
      },
      now,
    );
    return ok({ redirect_uri: withQuery(body.redirect_uri, { code, state: body.state }) });
  });
}
