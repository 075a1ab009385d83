import { errorTypeOf } from '@vestibule/client';
import type { SignInResponse } from '@vestibule/contract';
import type { EffectContext, EffectMap } from '../../flow/feature';
import { messageForError, toErrorInfo } from '../../flow/errors';
import { forgetLinkToken } from '../../flow/linkToken';
import { sessionDuration } from '../../flow/session';
import { signedIn } from '../../flow/signIn';
import type { WidgetEventType } from '../../types';
import type { ResetEmailReason } from './state';

/** Sends the password-reset email for an address with the passwordOptions of the configuration, in the widget's language. */
function sendResetEmail(ctx: EffectContext, email: string) {
  const o = ctx.config.passwordOptions ?? {};
  return ctx.client.passwords.resetByEmailStart({
    email,
    resetPasswordRedirectUrl: o.resetPasswordRedirectURL,
    resetPasswordExpirationMinutes: o.resetPasswordExpirationMinutes,
    loginRedirectUrl: o.loginRedirectURL,
    loginExpirationMinutes: o.loginExpirationMinutes,
    locale: ctx.locale,
  });
}

/** The reset email, then the screen that says it went (or the error under the field). */
function resetThenShow(ctx: EffectContext, email: string, reason: ResetEmailReason): void {
  sendResetEmail(ctx, email).then(
    () => {
      ctx.client.events.log('email_sent', { email, type: 'passwords' });
      ctx.dispatch({ type: 'RESET_EMAIL_SENT', reason });
    },
    (err: unknown) => ctx.fail(err, 'field'),
  );
}

/**
 * Outcome of a password create or log in: success signs in; reset_password (both) and
 * breached_password (log in) send the reset email instead; anything else shows under the field.
 */
function passwordOutcome(ctx: EffectContext, email: string, request: Promise<SignInResponse>, event: WidgetEventType): void {
  request.then(
    (response) => signedIn(ctx, 'password', event, response),
    (err: unknown) => {
      const type = errorTypeOf(err);
      if (type === 'reset_password') resetThenShow(ctx, email, 'dedupe');
      else if (type === 'breached_password' && event === 'PASSWORD_AUTHENTICATE') resetThenShow(ctx, email, 'breached');
      else ctx.fail(err, 'field');
    },
  );
}

/** The strength check of the password field, on both mounts. */
const CHECK_STRENGTH: EffectMap['CHECK_STRENGTH'] = ({ password, email }, ctx) => {
  if (password === '') return;
  ctx.client.passwords.strengthCheck(email === undefined ? { password } : { password, email }).then(
    (response) => ctx.dispatch({ type: 'STRENGTH_CHECKED', password, response }),
    // Shown under the field: without a check Continue stays disabled, so the user must know why.
    (err: unknown) => ctx.fail(err, 'field'),
  );
};

/** The login mount's password screens. */
export const passwordEffects: EffectMap = {
  SEARCH_USER({ email }, ctx) {
    ctx.client.users.search(email).then(
      ({ userType }) => ctx.dispatch({ type: 'USER_FOUND', email, userType }),
      (err: unknown) => ctx.fail(err, 'field'),
    );
  },
  CHECK_STRENGTH,
  CREATE_PASSWORD({ password }, ctx) {
    const email = ctx.stateBefore.passwordState?.email;
    if (!email) return;
    passwordOutcome(ctx, email, ctx.client.passwords.create({ email, password, session_duration_minutes: sessionDuration(ctx.config) }), 'PASSWORD_CREATE');
  },
  LOGIN_PASSWORD({ password }, ctx) {
    const email = ctx.stateBefore.passwordState?.email;
    if (!email) return;
    passwordOutcome(
      ctx,
      email,
      ctx.client.passwords.authenticate({ email, password, session_duration_minutes: sessionDuration(ctx.config) }),
      'PASSWORD_AUTHENTICATE',
    );
  },
  SEND_RESET_EMAIL({ reason }, ctx) {
    const email = ctx.stateBefore.passwordState?.email;
    if (email) resetThenShow(ctx, email, reason);
  },
  RESEND_RESET_EMAIL(_event, ctx) {
    const email = ctx.stateBefore.passwordState?.email;
    if (!email) return;
    sendResetEmail(ctx, email).then(
      () => {
        ctx.client.events.log('email_sent', { email, type: 'passwords' });
        ctx.toasts.show('success', ctx.t('emailResent'));
      },
      // A failure (an email that could not be sent too) is a toast: 'Resend' is the way to try again.
      (err: unknown) => {
        ctx.toasts.show('error', messageForError(err, ctx.free));
        ctx.reportError(toErrorInfo(err));
      },
    );
  },
};

/** The reset mount: a new password with the emailed token. */
export const passwordResetEffects: EffectMap = {
  CHECK_STRENGTH,
  RESET_PASSWORD({ password }, ctx) {
    const token = ctx.stateBefore.resetPasswordState?.token;
    if (!token) return;
    ctx.client.passwords.resetByEmail({ token, password, session_duration_minutes: sessionDuration(ctx.config) }).then(
      (response) => {
        forgetLinkToken();
        signedIn(ctx, 'password', 'PASSWORD_RESET_BY_EMAIL', response);
      },
      (err: unknown) => {
        // The token is spent or dead: drop it from the address bar and say so, with a way to a new
        // link. A refused (weak) password leaves it there: the same link is good for another try.
        if (errorTypeOf(err) === 'invalid_reset_token') {
          forgetLinkToken();
          ctx.reportError(toErrorInfo(err));
          ctx.dispatch({ type: 'RESET_TOKEN_DEAD' });
          return;
        }
        ctx.fail(err, 'field');
      },
    );
  },
  REQUEST_NEW_RESET_LINK({ email }, ctx) {
    sendResetEmail(ctx, email).then(
      () => {
        ctx.client.events.log('email_sent', { email, type: 'passwords' });
        ctx.dispatch({ type: 'NEW_RESET_LINK_SENT', email });
      },
      (err: unknown) => ctx.fail(err, 'field'),
    );
  },
};

/**
 * On opening a reset link: ask the server whether it still works, so that a used or expired link
 * is said before anyone types a new password. A failed check for another reason (no network)
 * leaves the form: the reset itself will say what is wrong.
 */
export function checkResetLink(ctx: EffectContext, token: string): void {
  ctx.client.passwords.checkResetToken(token).then(
    ({ email }) => ctx.dispatch({ type: 'RESET_TOKEN_CHECKED', email }),
    (err: unknown) => {
      if (errorTypeOf(err) !== 'invalid_reset_token') return;
      forgetLinkToken();
      ctx.dispatch({ type: 'RESET_TOKEN_DEAD' });
    },
  );
}
