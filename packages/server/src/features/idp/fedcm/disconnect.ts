import type { OpenAPIHono } from '@hono/zod-openapi';
import { fedcmRoutes } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../../http/app-env.js';
import { defineRoute } from '../../../http/define-route.js';
import { forgetConsent } from '../consents.js';
import { fedcmSession } from './fedcm-cookie.js';
import { fedcmForm } from './form.js';
import { allowCredentialedOrigin, clientAtOrigin } from './registered-origin.js';
import { answeringFedCmErrors } from './refusals.js';
import { webIdentityOnly } from './webidentity-only.js';

/**
 * POST /fedcm/disconnect (a relying party's IdentityCredential.disconnect()): the signed-in person's
 * approval of the client is forgotten, so the dialog asks again next time; the answer names the
 * account (whatever account_hint said), which the browser then drops for that relying party.
 */
export function registerDisconnect(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  defineRoute(
    app,
    fedcmRoutes.disconnect,
    webIdentityOnly,
    answeringFedCmErrors(async (c) => {
      const form = await fedcmForm(c, fedcmRoutes.disconnect.form);
      const { client, origin } = await clientAtOrigin(c, deps, form.client_id);
      allowCredentialedOrigin(c, origin);
      const session = await fedcmSession(c, deps);
      await forgetConsent(deps.db, session.user_id, client.client_id);
      return c.json({ account_id: session.user_id });
    }),
  );
}
