import type { OpenAPIHono } from '@hono/zod-openapi';
import { fedcmRoutes } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../../http/app-env.js';
import { defineRoute } from '../../../http/define-route.js';
import { ApiError } from '../../../kernel/api-error.js';
import { getUser } from '../../../kernel/users.js';
import { consentedClients } from '../consents.js';
import { fedcmSession } from './fedcm-cookie.js';
import { webIdentityOnly } from './webidentity-only.js';

/**
 * GET /fedcm/accounts: the account of this browser's FedCM cookie, for the browser's chooser. The
 * browser sends no Origin or Referer here (the identity provider does not learn the relying party
 * before the person chooses); without a live session the answer is 401, which the browser takes as
 * no account (and its login status as logged out).
 */
export function registerAccounts(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  defineRoute(app, fedcmRoutes.accounts, webIdentityOnly, async (c) => {
    const session = await fedcmSession(c, deps);
    const user = await getUser(deps, session.user_id);
    if (!user) throw new ApiError('session_not_found');
    const emails = user.emails.map((entry) => entry.email);
    const email = user.emails.find((entry) => entry.verified)?.email ?? emails[0];
    const account = {
      id: user.user_id,
      // Chromium shows name and email; one of name, email, tel or username must be there.
      name: user.name ?? email ?? user.user_id,
      ...(email ? { email } : {}),
      approved_clients: await consentedClients(deps.db, user.user_id),
      login_hints: emails,
    };
    return c.json({ accounts: [account] });
  });
}
