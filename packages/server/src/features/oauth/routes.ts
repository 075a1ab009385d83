import type { OpenAPIHono } from '@hono/zod-openapi';
import { needsSecondStep, oauthRoutes, type AuthenticationFactor, type OAuthAuthenticateResponse } from '@vestibule/contract';
import type { Context } from 'hono';
import { randomNonce } from 'openid-client';
import { ApiError } from '../../kernel/api-error.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { bearerToken } from '../../http/bearer.js';
import { defineRoute } from '../../http/define-route.js';
import { signInClient } from '../../http/sign-in-client.js';
import { enforceClientLimit } from '../../http/limits.js';
import { requirePublicToken } from '../../http/public-token.js';
import { optionalSession } from '../../http/session-auth.js';
import { addWayIn } from '../../kernel/account/add-way-in.js';
import { requestedSession } from '../../kernel/durations.js';
import { chooseRedirectUrl } from '../../kernel/redirect-url.js';
import { completeSignIn } from '../../kernel/sessions/complete-sign-in.js';
import { newPkceVerifier } from '../../security/pkce.js';
import { linkAccount, shownEmail, userForProfile } from './accounts.js';
import type { Providers } from './configured-providers.js';
import { authorizationUrl, exchangeAndReadProfile } from './engine.js';
import { consumeLinkToken, consumeOAuthToken, consumeState, issueOAuthToken, issueState } from './flow-secrets.js';
import { landing } from './landing.js';
import { providerParams } from './provider-params.js';

/**
 * The flow every provider's button runs: the start redirects to the provider, the callback takes its
 * answer to the host's page as a one-time token, and the landing exchanges that for a session. The
 * account page's Connect runs the same flow with a link token (account-routes.ts): the landing's
 * exchange then connects the provider account to the signed-in user instead of signing one in.
 */
export function registerOAuthRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps, providers: Providers): void {
  const { config, db } = deps;
  const project = config.project;
  const callbackUrl = `${config.publicUrl}${oauthRoutes.callback.path}`;

  defineRoute(app, oauthRoutes.start, async (c, { query }) => {
    // A navigation sends no headers of ours: the public token comes in the query.
    requirePublicToken(query.public_token, project.publicToken);
    const provider = providers.get(query.provider)!;
    if (typeof provider === 'string') throw new ApiError('bad_request', provider);
    const loginUrl = chooseRedirectUrl('login_redirect_url', query.login_redirect_url, project.loginRedirectUrls);
    const signupUrl = chooseRedirectUrl('signup_redirect_url', query.signup_redirect_url, project.signupRedirectUrls);
    const extra = providerParams(query.provider_params);
    await enforceClientLimit(deps, c, 'oauth-start', config.rateLimits.oauthPerIp);
    const now = deps.clock();
    // A link flow (the account page): its token, spent only once nothing else can refuse the start, names the user to connect to.
    const linkUserId = query.link_token === undefined ? undefined : await consumeLinkToken(db, query.link_token, query.provider, now);
    if (query.link_token !== undefined && !linkUserId)
      throw new ApiError('bad_request', 'link_token is unknown, used, expired or for another provider: start connecting again from the account page.');
    const checks = { nonce: provider.entry.idToken ? randomNonce() : undefined, pkceVerifier: provider.entry.pkce ? newPkceVerifier() : undefined };
    const state = await issueState(db, { provider: query.provider, codeChallenge: query.code_challenge, loginUrl, signupUrl, linkUserId }, checks, now);
    const customScopes = (query.custom_scopes ?? '').split(' ').filter(Boolean);
    return c.redirect(authorizationUrl(provider, { redirectUri: callbackUrl, checks: { state, ...checks }, customScopes, providerParams: extra }).href, 302);
  });

  /** The callback's work, whether the provider sent its answer in the query or posted it as a form. */
  const finishCallback = async (c: Context<AppEnv>, answer: URLSearchParams) => {
    const now = deps.clock();
    const stateParam = answer.get('state');
    const flow = stateParam ? await consumeState(db, stateParam, now) : undefined;
    // Every failure lands on the host's page, as the browser is on its way back there; the reason
    // goes to the log only.
    const fail = (reason: string) => {
      deps.log.info('OAuth callback refused', { request_id: c.get('requestId'), provider: flow?.provider, reason });
      return c.redirect(landing(flow?.loginUrl ?? project.loginRedirectUrls[0]!, { error_type: 'oauth_flow_callback_error' }), 302);
    };
    if (!flow) return fail('unknown, used or expired state');
    const provider = providers.get(flow.provider);
    if (!provider || typeof provider === 'string') return fail('provider no longer configured');
    if (answer.has('error')) return fail(`provider error: ${answer.get('error')!.slice(0, 100)}`);
    // The library reads the provider's answer from the URL the provider sent the browser to (a
    // posted answer as if it had come in the query: the same fields).
    const answered = new URL(callbackUrl);
    answered.search = answer.toString();
    try {
      const profile = await exchangeAndReadProfile(provider, answered, { state: stateParam!, nonce: flow.nonce, pkceVerifier: flow.pkceVerifier });
      // A link flow finds and makes no user: the exchange connects the account, with the session of the user it is for.
      const { userId, created } = flow.linkUserId ? { userId: flow.linkUserId, created: false } : await userForProfile(deps, flow.provider, profile, now);
      const link = flow.linkUserId ? { link: { email: shownEmail(profile) } } : {};
      // Issued with its user, which a deletion from another device may just have removed: that fails here too, onto the host's page.
      const token = await issueOAuthToken(db, userId, { provider: flow.provider, subject: profile.subject, codeChallenge: flow.codeChallenge, ...link }, now);
      return c.redirect(landing(created ? flow.signupUrl : flow.loginUrl, { token }), 302);
    } catch (error) {
      return fail(error instanceof Error ? error.message : String(error));
    }
  };

  defineRoute(app, oauthRoutes.callback, (c) => finishCallback(c, new URL(c.req.url).searchParams));
  // No cookie or origin is trusted here: the state (a one-time secret) and the PKCE binding carry it.
  defineRoute(app, oauthRoutes.callbackForm, async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const fields = Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    return finishCallback(c, new URLSearchParams(fields));
  });

  /**
   * A link flow's token is exchanged only with the Bearer session of the user it was issued for: a
   * token carried off to another browser, or to another user's session, connects nothing. None is
   * 401 user_unauthenticated, a dead one 401 session_not_found, another user's 403
   * unauthorized_action.
   */
  const requireSessionOf = async (c: Context<AppEnv>, userId: string, now: Date) => {
    const { session, tokenGiven } = await optionalSession(c, deps, now);
    if (!session) throw new ApiError(tokenGiven ? 'session_not_found' : 'user_unauthenticated');
    if (session.user_id !== userId)
      throw new ApiError('unauthorized_action', 'This account is being connected to another user: sign in as that user to connect it.');
    return session;
  };

  defineRoute(app, oauthRoutes.authenticate, async (c, { body }) => {
    const duration = requestedSession(project, body);
    await enforceClientLimit(deps, c, 'oauth-authenticate', config.rateLimits.oauthPerIp);
    const now = deps.clock();
    const used = await consumeOAuthToken(db, body.token, body.code_verifier, now);
    if (!used) throw new ApiError('oauth_token_not_found');
    if (used.link) {
      const session = await requireSessionOf(c, used.userId, now);
      // A new way in, written under the account rules as they are now (kernel addWayIn): the link
      // token was handed out while the sign-in was recent, which it may no longer be, and an owner's
      // first proof since has ended the session that asked.
      const addition = { userId: used.userId, sessionId: session.session_id, now, recentMinutes: project.reauthenticationMinutes };
      const account = { userId: used.userId, provider: used.provider, subject: used.subject, email: used.link.email, now };
      if (!(await addWayIn(db, addition, (trx) => linkAccount(trx, account)))) throw new ApiError('oauth_account_already_linked');
    }
    // Naming the provider account: one connected just now (attached) is another credential than the one this session signed in with.
    const factor: AuthenticationFactor = {
      type: 'oauth',
      delivery_method: 'oauth',
      last_authenticated_at: now.toISOString(),
      oauth_factor: { provider_type: used.provider, provider_subject: used.subject },
    };
    const signedIn = await completeSignIn(deps, {
      requestId: c.get('requestId'),
      client: signInClient(c),
      bearerToken: bearerToken(c),
      userId: used.userId,
      factors: [factor],
      ...duration,
      now,
      // A connected account proves no more than the session that connected it.
      attaches: Boolean(used.link),
    });
    if (needsSecondStep(signedIn)) return c.json(signedIn);
    const response: OAuthAuthenticateResponse = { ...signedIn, provider_type: used.provider, provider_subject: used.subject };
    return c.json(response);
  });
}
