import type { OpenAPIHono } from '@hono/zod-openapi';
import { cryptoRoutes, needsSecondStep, type AuthenticationFactor, type CryptoWalletsAuthenticateResponse } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { bearerToken } from '../../http/bearer.js';
import { defineRoute } from '../../http/define-route.js';
import { signInClient } from '../../http/sign-in-client.js';
import { enforceClientLimit } from '../../http/limits.js';
import { optionalSession } from '../../http/session-auth.js';
import { requireRecentSignIn } from '../../kernel/account/recent-sign-in.js';
import { requestedSession } from '../../kernel/durations.js';
import { completeSignIn } from '../../kernel/sessions/complete-sign-in.js';
import { issueChallenge } from './challenges.js';
import { chainOf } from './chains.js';
import { messageFields, siteOf } from './messages.js';
import { provenWallet } from './signature-proof.js';
import { familyOf, walletAddress } from './wallet-types.js';
import { findWallet, walletUser } from './wallets-store.js';

export function registerCryptoRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { config, db } = deps;
  const project = config.project;

  defineRoute(app, cryptoRoutes.authenticateStart, async (c, { body, ok }) => {
    const type = body.crypto_wallet_type;
    const address = walletAddress(type, body.crypto_wallet_address);
    const site = siteOf(c, project.allowedOrigins, config.publicUrl);
    const chainId = await chainOf(type, body.chain_id, project.cryptoChainIds);
    await enforceClientLimit(deps, c, 'crypto-start', config.rateLimits.cryptoPerIp);
    const now = deps.clock();
    const message = familyOf(type).message(address, messageFields(site, project.name, chainId, now));
    // Bound to the browser that asked (its PKCE challenge): strangers' starts for the same wallet are messages of their own.
    await issueChallenge(db, { type, address, codeChallenge: body.code_challenge }, message, now);
    return ok({ challenge: message });
  });

  defineRoute(app, cryptoRoutes.authenticate, async (c, { body }) => {
    const duration = requestedSession(project, body);
    const now = deps.clock();
    const { session } = await optionalSession(c, deps, now);
    // A wallet seen for the first time joins the session's user: a way in added, which needs a
    // recent sign-in as on the account page (else a stolen session adds its thief's wallet). Checked
    // here before the message is spent, so it still works once the person has confirmed it is them;
    // the decision itself is taken again where the wallet is written (walletUser).
    if (session && !(await findWallet(db, body.crypto_wallet_type, walletAddress(body.crypto_wallet_type, body.crypto_wallet_address)))) {
      requireRecentSignIn(session, now, project.reauthenticationMinutes);
    }
    const { type, address } = await provenWallet(c, deps, body, now);
    const attachTo = session ? { userId: session.user_id, sessionId: session.session_id, now, recentMinutes: project.reauthenticationMinutes } : null;
    const { wallet, attached } = await walletUser(db, { type, address, now, attachTo });
    const factor: AuthenticationFactor = {
      type: 'crypto',
      delivery_method: 'crypto',
      last_authenticated_at: now.toISOString(),
      crypto_wallet_factor: { crypto_wallet_id: wallet.crypto_wallet_id, crypto_wallet_address: wallet.address, crypto_wallet_type: wallet.wallet_type },
    };
    const signedIn = await completeSignIn(deps, {
      requestId: c.get('requestId'),
      client: signInClient(c),
      bearerToken: bearerToken(c),
      userId: wallet.user_id,
      factors: [factor],
      ...duration,
      now,
      attaches: attached,
    });
    if (needsSecondStep(signedIn)) return c.json(signedIn);
    const response: CryptoWalletsAuthenticateResponse = {
      ...signedIn,
      crypto_wallet_id: wallet.crypto_wallet_id,
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: wallet.wallet_type,
    };
    return c.json(response);
  });
}
