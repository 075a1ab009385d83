import type { EffectContext, EffectMap } from '../../flow/feature';
import { messageForError, toErrorInfo } from '../../flow/errors';
import { sessionDuration } from '../../flow/session';
import { signedIn } from '../../flow/signIn';
import type { OtpMethod } from '../../types';
import { passcodeLocale } from '../../widget/passcode-locale';

/** A passcode's lifetime when the host names none. */
export const OTP_DEFAULT_EXPIRATION_MINUTES = 5;

/** The `type` of the email_sent event for an email passcode (magic links log 'email_magic_links'). */
export const EMAIL_OTP_EVENT_TYPE = 'email_otp';

/**
 * Sends a passcode by the chosen channel with the otpOptions of the configuration, worded in
 * otpOptions.locale when the host names one, else in the widget's language.
 */
function sendOtp(ctx: EffectContext, method: OtpMethod, destination: string) {
  const o = ctx.config.otpOptions;
  const expirationMinutes = o?.expirationMinutes ?? OTP_DEFAULT_EXPIRATION_MINUTES;
  const locale = passcodeLocale(ctx);
  const expiresAt = () => Date.now() + expirationMinutes * 60_000;
  const request =
    method === 'email'
      ? ctx.client.otps.email.loginOrCreate(destination, {
          expirationMinutes,
          loginTemplateId: o?.loginTemplateId,
          signupTemplateId: o?.signupTemplateId,
          locale,
        })
      : ctx.client.otps[method].loginOrCreate(destination, { expirationMinutes, locale });
  return request.then((response) => {
    // An email went out (as magic links and password resets log it).
    if (method === 'email') ctx.client.events.log('email_sent', { email: destination, type: EMAIL_OTP_EVENT_TYPE });
    return { response, expiresAt: expiresAt() };
  });
}

export const otpEffects: EffectMap = {
  SUBMIT_OTP({ method, destination, formatted }, ctx) {
    sendOtp(ctx, method, destination).then(
      ({ response, expiresAt }) => {
        ctx.emit('OTP_LOGIN_OR_CREATE', response);
        ctx.dispatch({ type: 'OTP_SENT', method, destination, formatted, expiresAt, response });
      },
      (err: unknown) => ctx.fail(err, 'field'),
    );
  },
  AUTHENTICATE_OTP({ code }, ctx) {
    const otp = ctx.stateBefore.otpState;
    if (!otp) return;
    ctx.client.otps.authenticate(code, otp.methodId, { session_duration_minutes: sessionDuration(ctx.config) }).then(
      (response) => signedIn(ctx, 'otp', 'OTP_AUTHENTICATE', response),
      (err: unknown) => ctx.fail(err, 'field'),
    );
  },
  RESEND_OTP(_event, ctx) {
    const otp = ctx.stateBefore.otpState;
    if (!otp || ctx.stateBefore.resendStatus === 'sending') return;
    sendOtp(ctx, otp.type, otp.otpDestination).then(
      ({ response, expiresAt }) => {
        ctx.emit('OTP_LOGIN_OR_CREATE', response);
        ctx.toasts.show('success', ctx.t(otp.type === 'email' ? 'emailResent' : 'codeResent'));
        ctx.dispatch({ type: 'OTP_RESENT', methodId: response.method_id, expiresAt });
      },
      (err: unknown) => {
        ctx.toasts.show('error', messageForError(err, ctx.free));
        ctx.dispatch({ type: 'RESEND_FAILED' });
        ctx.reportError(toErrorInfo(err));
      },
    );
  },
};
