import type { OpenAPIHono } from '@hono/zod-openapi';
import { accountRoutes } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { enforceClientLimit } from '../../http/limits.js';
import { sessionAuth } from '../../http/session-auth.js';
import { requireRecentSignIn } from '../../kernel/account/recent-sign-in.js';
import { requireNoUnprovenPassword } from '../../kernel/account/unproven-account.js';
import { removeWayIn } from '../../kernel/account/ways-in.js';
import { ApiError } from '../../kernel/api-error.js';
import { getUser } from '../../kernel/users.js';
import { unlinkAccount } from './accounts.js';
import type { Providers } from './configured-providers.js';
import { issueLinkToken } from './flow-secrets.js';
import { PROVIDERS } from './providers.js';

/**
 * The account page's connected accounts. Connect hands out a link token for the usual flow
 * (routes.ts: the start spends it, the landing's exchange connects the account with this user's
 * session); Disconnect removes one, unless nothing else would sign the user in. Both add or
 * remove a way in, so both need a recent sign-in; Connect also refuses while a password planted
 * before any proof sits beside an unproven email (unverified_email), and the exchange holds the
 * connection to both rules again where it is written (routes.ts, kernel addWayIn).
 */
export function registerOAuthAccountRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps, providers: Providers): void {
  const { config, db } = deps;
  const recentMinutes = config.project.reauthenticationMinutes;

  defineRoute(app, accountRoutes.oauthLinkStart, sessionAuth(deps), async (c, { body, ok }) => {
    const session = c.get('session');
    const now = deps.clock();
    requireRecentSignIn(session, now, recentMinutes);
    await requireNoUnprovenPassword(db, session.user_id);
    // In development the development provider stands in for one without settings, which therefore counts as configured.
    if (typeof providers.get(body.provider) !== 'object')
      throw new ApiError('oauth_config_not_found', `${PROVIDERS[body.provider].label} sign-in is not configured for this project.`);
    await enforceClientLimit(deps, c, 'oauth-link-start', config.rateLimits.oauthPerIp);
    return ok({ link_token: await issueLinkToken(db, session.user_id, body.provider, now) });
  });

  defineRoute(app, accountRoutes.oauthDisconnect, sessionAuth(deps), async (c, { body, ok }) => {
    const userId = c.get('session').user_id;
    requireRecentSignIn(c.get('session'), deps.clock(), recentMinutes);
    const account = { userId, provider: body.provider_type, subject: body.provider_subject };
    await removeWayIn(deps, userId, (trx) => unlinkAccount(trx, account), 'oauth_account_not_found');
    const user = await getUser(deps, userId);
    if (!user) throw new ApiError('session_not_found');
    return ok(user);
  });
}
