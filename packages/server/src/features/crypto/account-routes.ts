import type { OpenAPIHono } from '@hono/zod-openapi';
import { accountRoutes } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { sessionAuth } from '../../http/session-auth.js';
import { accountUser } from '../../kernel/account/account-user.js';
import { requireRecentSignIn } from '../../kernel/account/recent-sign-in.js';
import { removeWayIn } from '../../kernel/account/ways-in.js';
import { ApiError } from '../../kernel/api-error.js';
import { provenWallet } from './signature-proof.js';
import { linkWallet, removeWallet } from './wallets-store.js';

/**
 * The account page's wallets. Connect takes the same proof as signing in with the wallet (the
 * message of /sdk/v1/crypto_wallets/authenticate/start, signed: signature-proof.ts) and adds the
 * wallet to the session's user; Remove takes one away, unless nothing else would sign the user
 * in. Both add or remove a way in, so both need a recent sign-in (checked before the proof, so a
 * refused call leaves the signed message usable, and for Connect again where the wallet is
 * written: wallets-store.ts linkWallet). Both answer the User as it now is.
 */
export function registerWalletAccountRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const recentMinutes = deps.config.project.reauthenticationMinutes;

  defineRoute(app, accountRoutes.walletLink, sessionAuth(deps), async (c, { body, ok }) => {
    const userId = c.get('session').user_id;
    const now = deps.clock();
    requireRecentSignIn(c.get('session'), now, recentMinutes);
    const { type, address } = await provenWallet(c, deps, body, now);
    const addition = { userId, sessionId: c.get('session').session_id, now, recentMinutes };
    if (!(await linkWallet(deps.db, addition, { type, address }))) throw new ApiError('crypto_wallet_already_linked');
    return ok(await accountUser(deps, userId));
  });

  defineRoute(app, accountRoutes.walletRemove, sessionAuth(deps), async (c, { body, ok }) => {
    const userId = c.get('session').user_id;
    requireRecentSignIn(c.get('session'), deps.clock(), recentMinutes);
    await removeWayIn(deps, userId, (trx) => removeWallet(trx, userId, body.crypto_wallet_id), 'crypto_wallet_not_found');
    return ok(await accountUser(deps, userId));
  });
}
