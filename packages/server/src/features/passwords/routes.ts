import type { OpenAPIHono } from '@hono/zod-openapi';
import { passwordRoutes } from '@vestibule/contract';
import type { AuthenticationFactor } from '@vestibule/contract';
import { countedAt, deliver, uncount } from '../../delivery/deliver.js';
import { ApiError } from '../../kernel/api-error.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { bearerToken } from '../../http/bearer.js';
import { defineRoute } from '../../http/define-route.js';
import { signInClient } from '../../http/sign-in-client.js';
import { enforceClientLimit, enforceRateLimit, lockedError } from '../../http/limits.js';
import {
  ACCOUNT_WIDE,
  clearFailures,
  giveBackAttempt,
  passwordFailureScope,
  releaseAttempt,
  reserveAttempt,
  type FailureCounter,
} from '../../kernel/failure-counters.js';
import { sha256Hex } from '../../security/hash.js';
import { dummyHashLoader, hashPassword, needsRehash } from '../../security/password-hash.js';
import { checkMinutes, EXPIRATION_MINUTES, requestedSession } from '../../kernel/durations.js';
import { normalizeEmail } from '../../kernel/email-address.js';
import { consumeMagicLinkToken, issueMagicLinkToken } from '../../kernel/sign-in-links.js';
import { chooseRedirectUrl, magicLinkUrl } from '../../kernel/redirect-url.js';
import { completeSignIn } from '../../kernel/sessions/complete-sign-in.js';
import { revokeEverywhere } from '../../kernel/sessions/revoke-everywhere.js';
import { createUserWithEmail, findUserEmail, proveEmail } from '../../kernel/users.js';
import { isBreached } from './breached.js';
import { evaluatePassword } from './evaluate-password.js';
import { addPasswordIfAbsent, findPassword, findPasswordLogin, rehashPassword, setPassword, setResetRequired } from './passwords-store.js';
import { resetPasswordEmail } from './reset-email.js';
import { verifyStoredPassword } from './stored-password.js';
import { consumeResetToken, findLiveResetToken, issueResetToken } from './reset-tokens.js';

function passwordFactor(now: Date, email: { email_id: string; email: string }): AuthenticationFactor {
  return {
    type: 'password',
    delivery_method: 'knowledge',
    last_authenticated_at: now.toISOString(),
    email_factor: { email_id: email.email_id, email_address: email.email },
  };
}

export function registerPasswordRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { config, db } = deps;
  const project = config.project;
  const limits = config.rateLimits;
  const dummyHash = dummyHashLoader(config.argon2);
  // Wrong passwords are counted per account (passwordFailureScope) and client address, and with a
  // higher ceiling per account: a stranger's guesses lock the stranger out, not the owner everywhere.
  const failureCounters = (email: string, clientIp: string): FailureCounter[] => [
    { scope: passwordFailureScope(email), client: clientIp, rule: limits.passwordLockout },
    { scope: passwordFailureScope(email), client: ACCOUNT_WIDE, rule: limits.passwordAccountLockout },
  ];

  defineRoute(app, passwordRoutes.strengthCheck, async (c, { body, ok }) => {
    await enforceClientLimit(deps, c, 'password-strength', limits.passwordStrengthPerIp);
    const result = await evaluatePassword(deps, body.password, body.email);
    return ok({
      score: result.score,
      feedback: result.feedback,
      valid_password: result.valid,
      strength_policy: result.policy,
      breached_password: result.breached,
    });
  });

  defineRoute(app, passwordRoutes.create, async (c, { body }) => {
    const email = normalizeEmail(body.email);
    const duration = requestedSession(project, body);
    await enforceClientLimit(deps, c, 'password-create', limits.passwordPerIp);

    const refuseExisting = async (userId: string): Promise<never> => {
      if (await findPassword(db, userId)) throw new ApiError('duplicate_email');
      // Dedupe: a passwordless account must prove the email first; the widget sends a reset email.
      throw new ApiError('reset_password');
    };
    const existing = await findUserEmail(db, email);
    if (existing) await refuseExisting(existing.user_id);

    const verdict = await evaluatePassword(deps, body.password, email);
    if (!verdict.valid) throw new ApiError('weak_password');
    const hash = await deps.heavyWork.run(() => hashPassword(body.password, config.argon2));

    const now = deps.clock();
    const account = await createUserWithEmail(db, email, 'active', now);
    if (!account.created) await refuseExisting(account.userId);
    await addPasswordIfAbsent(db, account.userId, hash, now);
    const factor = passwordFactor(now, { email_id: account.emailId, email });
    return c.json(
      await completeSignIn(deps, {
        requestId: c.get('requestId'),
        client: signInClient(c),
        bearerToken: bearerToken(c),
        userId: account.userId,
        factors: [factor],
        ...duration,
        now,
      }),
    );
  });

  defineRoute(app, passwordRoutes.authenticate, async (c, { body }) => {
    const email = normalizeEmail(body.email);
    const duration = requestedSession(project, body);
    await enforceClientLimit(deps, c, 'password-auth', limits.passwordPerIp);
    await enforceRateLimit(deps, `password-auth:account:${sha256Hex(email)}`, limits.passwordPerAccount);

    const now = deps.clock();
    // A flood's refusal must not count against the account's owner as a wrong password.
    deps.heavyWork.admit();
    // The attempt is counted before the password is checked, so parallel guesses cannot outrun the lock.
    const counters = failureCounters(email, c.get('clientIp'));
    const reservation = await reserveAttempt(db, counters, now);
    if (!reservation.allowed) throw lockedError(reservation.lockedUntil, now);

    // Unknown address, passwordless account and wrong password: the same argon2 work and the same
    // answer, so neither the time nor the status tells whether an account or a password exists.
    const user = await findPasswordLogin(db, email);
    const stored = user?.hash ?? (await dummyHash());
    // The queue may have filled since admit(): a refusal then is no guess, and gives its attempt back.
    const matches = await deps.heavyWork
      .run(() => verifyStoredPassword(stored, body.password))
      .catch(async (err: unknown) => {
        if (err instanceof ApiError && err.errorType === 'server_busy') await giveBackAttempt(db, counters);
        throw err;
      });
    if (!user?.hash || !matches) {
      if (reservation.lockIfWrong) throw lockedError(reservation.lockIfWrong, now);
      throw new ApiError('unauthorized_credentials');
    }
    await releaseAttempt(db, counters);
    if (user.password_reset_required) throw new ApiError('reset_password');
    if (await isBreached(body.password, config.breachRangeUrl, deps.log)) {
      await setResetRequired(db, user.user_id, true);
      throw new ApiError('breached_password');
    }
    if (needsRehash(user.hash, config.argon2)) {
      await rehashPassword(db, user.user_id, await deps.heavyWork.run(() => hashPassword(body.password, config.argon2)), now);
    }
    const factor = passwordFactor(now, user);
    return c.json(
      await completeSignIn(deps, {
        requestId: c.get('requestId'),
        client: signInClient(c),
        bearerToken: bearerToken(c),
        userId: user.user_id,
        factors: [factor],
        ...duration,
        now,
      }),
    );
  });

  defineRoute(app, passwordRoutes.resetByEmailStart, async (c, { body, ok }) => {
    const email = normalizeEmail(body.email);
    const resetUrl = chooseRedirectUrl('reset_password_redirect_url', body.reset_password_redirect_url, project.resetPasswordRedirectUrls);
    const loginUrl = chooseRedirectUrl('login_redirect_url', body.login_redirect_url, project.loginRedirectUrls);
    const resetMinutes = checkMinutes(
      'reset_password_expiration_minutes',
      body.reset_password_expiration_minutes,
      project.resetPasswordExpirationMinutes,
      EXPIRATION_MINUTES,
    );
    const loginMinutes = checkMinutes('login_expiration_minutes', body.login_expiration_minutes, project.loginExpirationMinutes, EXPIRATION_MINUTES);
    const now = deps.clock();
    const at = countedAt(deps, now);
    const emailLimit = `password-reset:email:${sha256Hex(email)}`;
    await enforceClientLimit(at, c, 'password-reset', limits.passwordResetPerIp);
    await enforceRateLimit(at, emailLimit, limits.passwordResetPerEmail);

    const user = await findUserEmail(db, email);
    if (user) {
      const token = await issueResetToken(db, { userId: user.user_id, emailId: user.email_id, expirationMinutes: resetMinutes, now });
      const resetLink = new URL(resetUrl);
      resetLink.searchParams.append('vestibule_token_type', 'reset_password');
      resetLink.searchParams.append('token', token);
      const loginToken = await issueMagicLinkToken(db, {
        userId: user.user_id,
        emailId: user.email_id,
        kind: 'login',
        codeChallenge: body.code_challenge,
        expirationMinutes: loginMinutes,
        now,
      });
      const message = resetPasswordEmail({
        to: email,
        projectName: project.name,
        resetLink: resetLink.toString(),
        expirationMinutes: resetMinutes,
        loginLink: magicLinkUrl(loginUrl, loginToken),
        loginExpirationMinutes: loginMinutes,
        locale: body.locale,
      });
      // Said to the caller, though an unknown address gets no email and a 200: whether an address
      // has an account is no secret here (POST /users/search tells it), while a person waiting for
      // an email that never comes is stuck. Not sent: both links are ended, the address's count taken back.
      const undo = [
        () => consumeResetToken(db, token, now),
        () => consumeMagicLinkToken(db, loginToken, now, 'confirmed'),
        uncount(deps, emailLimit, limits.passwordResetPerEmail, now),
      ];
      await deliver(deps, c, { channel: 'email', purpose: 'password_reset', undo }, () => deps.email.send(message));
    } else {
      // Unknown address: no user, no email. Do comparable database work so the timing tells little.
      await findLiveResetToken(db, email, now);
      await db.selectFrom('user_emails').select('email_id').where('email', '=', email).executeTakeFirst();
    }
    return ok();
  });

  defineRoute(app, passwordRoutes.checkResetToken, async (c, { body, ok }) => {
    // A count of its own: checks (a host's server makes them for every visitor of its reset page,
    // all from its one address) never use up the resets' allowance.
    await enforceClientLimit(deps, c, 'password-reset-check', limits.passwordPerIp);
    const live = await findLiveResetToken(db, body.token, deps.clock());
    if (!live) throw new ApiError('invalid_reset_token');
    return ok({ email: live.email });
  });

  defineRoute(app, passwordRoutes.resetByEmail, async (c, { body }) => {
    const duration = requestedSession(project, body);
    await enforceClientLimit(deps, c, 'password-reset-use', limits.passwordPerIp);
    const now = deps.clock();
    const emailRow = await findLiveResetToken(db, body.token, now);
    if (!emailRow) throw new ApiError('invalid_reset_token');
    const verdict = await evaluatePassword(deps, body.password, emailRow.email);
    if (!verdict.valid) throw new ApiError('weak_password');
    const hash = await deps.heavyWork.run(() => hashPassword(body.password, config.argon2));

    const used = await consumeResetToken(db, body.token, deps.clock());
    if (!used) throw new ApiError('invalid_reset_token');
    // The reset link proves the email first (which may remove a password planted before), then the new password is set with that proof.
    await proveEmail(deps, used.user_id, used.email_id, now);
    await setPassword(db, used.user_id, hash, true, now);
    await setResetRequired(db, used.user_id, false);
    await clearFailures(db, passwordFailureScope(emailRow.email));
    // Whoever knew the old password loses every way in it gave: every other session, every link or
    // passcode sent before (the login link of this very email too), the apps' tokens, and every
    // address, number and credential a session could add (all but this email).
    await revokeEverywhere(deps, used.user_id, now, used.email_id);

    const factors: AuthenticationFactor[] = [
      { type: 'password', delivery_method: 'knowledge', last_authenticated_at: now.toISOString() },
      {
        type: 'magic_link',
        delivery_method: 'email',
        last_authenticated_at: now.toISOString(),
        email_factor: { email_id: emailRow.email_id, email_address: emailRow.email },
      },
    ];
    return c.json(
      await completeSignIn(deps, {
        requestId: c.get('requestId'),
        client: signInClient(c),
        bearerToken: null,
        userId: used.user_id,
        factors,
        ...duration,
        now,
      }),
    );
  });
}
