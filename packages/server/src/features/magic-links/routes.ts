import type { OpenAPIHono } from '@hono/zod-openapi';
import { magicLinkRoutes } from '@vestibule/contract';
import type { AuthenticationFactor } from '@vestibule/contract';
import { countedAt, deliver, uncount } from '../../delivery/deliver.js';
import { ApiError } from '../../kernel/api-error.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { bearerToken } from '../../http/bearer.js';
import { defineRoute } from '../../http/define-route.js';
import { signInClient } from '../../http/sign-in-client.js';
import { enforceClientLimit, enforceRateLimit } from '../../http/limits.js';
import { sha256Hex } from '../../security/hash.js';
import { completeSignIn } from '../../kernel/sessions/complete-sign-in.js';
import { createUserWithEmail, findEmailOf, findUserEmail, proveEmail } from '../../kernel/users.js';
import { checkMinutes, EXPIRATION_MINUTES, requestedSession } from '../../kernel/durations.js';
import { normalizeEmail } from '../../kernel/email-address.js';
import { magicLinkEmail } from './magic-link-email.js';
import { consumeMagicLinkToken, issueMagicLinkToken, peekMagicLinkToken } from '../../kernel/sign-in-links.js';
import { chooseRedirectUrl, magicLinkUrl } from '../../kernel/redirect-url.js';

const tooMany = 'Too many magic links requested.';

export function registerMagicLinkRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { config, db } = deps;
  const project = config.project;

  defineRoute(app, magicLinkRoutes.loginOrCreate, async (c, { body, ok }) => {
    const email = normalizeEmail(body.email);
    const loginUrl = chooseRedirectUrl('login_magic_link_url', body.login_magic_link_url, project.loginRedirectUrls);
    const signupUrl = chooseRedirectUrl('signup_magic_link_url', body.signup_magic_link_url, project.signupRedirectUrls);
    const loginMinutes = checkMinutes('login_expiration_minutes', body.login_expiration_minutes, project.loginExpirationMinutes, EXPIRATION_MINUTES);
    const signupMinutes = checkMinutes('signup_expiration_minutes', body.signup_expiration_minutes, project.signupExpirationMinutes, EXPIRATION_MINUTES);

    const now = deps.clock();
    const at = countedAt(deps, now);
    const emailLimit = `magic-link:email:${sha256Hex(email)}`;
    await enforceClientLimit(at, c, 'magic-link', config.rateLimits.magicLinkPerIp, tooMany);
    await enforceRateLimit(at, emailLimit, config.rateLimits.magicLinkPerEmail, tooMany);

    const existing = await findUserEmail(db, email);
    const account = existing
      ? { userId: existing.user_id, emailId: existing.email_id, created: false }
      : await createUserWithEmail(db, email, body.create_user_as_pending ? 'pending' : 'active', now);
    const kind = account.created ? 'signup' : 'login';
    const expirationMinutes = kind === 'signup' ? signupMinutes : loginMinutes;
    const token = await issueMagicLinkToken(db, {
      userId: account.userId,
      emailId: account.emailId,
      kind,
      codeChallenge: body.code_challenge,
      expirationMinutes,
      now,
    });
    const link = magicLinkUrl(kind === 'signup' ? signupUrl : loginUrl, token);
    // Not sent: the link is ended, so nothing a half-finished delivery left anywhere signs in, and the address's count is taken back.
    const undo = [() => consumeMagicLinkToken(db, token, now, 'confirmed'), uncount(deps, emailLimit, config.rateLimits.magicLinkPerEmail, now)];
    await deliver(deps, c, { channel: 'email', purpose: 'magic_link', undo }, () =>
      deps.email.send(magicLinkEmail({ to: email, projectName: project.name, link, kind, expirationMinutes, locale: body.locale })),
    );

    return ok({ user_id: account.userId, email_id: account.emailId, user_created: account.created });
  });

  defineRoute(app, magicLinkRoutes.authenticate, async (c, { body }) => {
    const duration = requestedSession(project, body);
    const now = deps.clock();
    const used = await consumeMagicLinkToken(db, body.token, now, body.confirmed ? 'confirmed' : { codeVerifier: body.code_verifier });
    if (used === 'unconfirmed') throw new ApiError('magic_link_unconfirmed');
    if (!used) throw new ApiError('unable_to_auth_magic_link');
    await proveEmail(deps, used.user_id, used.email_id, now);
    const email = await findEmailOf(db, used.email_id);
    // Removed, or its account deleted, since the link was used a moment ago: it signs nobody in.
    if (!email) throw new ApiError('unable_to_auth_magic_link');
    const factor: AuthenticationFactor = {
      type: 'magic_link',
      delivery_method: 'email',
      last_authenticated_at: now.toISOString(),
      email_factor: { email_id: used.email_id, email_address: email },
    };

    return c.json(
      await completeSignIn(deps, {
        requestId: c.get('requestId'),
        client: signInClient(c),
        bearerToken: bearerToken(c),
        userId: used.user_id,
        factors: [factor],
        ...duration,
        now,
      }),
    );
  });

  defineRoute(app, magicLinkRoutes.preview, async (_c, { body, ok }) => {
    const emailId = await peekMagicLinkToken(db, body.token, deps.clock());
    const email = emailId && (await findEmailOf(db, emailId));
    if (!email) throw new ApiError('unable_to_auth_magic_link');
    return ok({ email });
  });
}
