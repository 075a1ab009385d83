import { DEFAULT_SESSION_DURATION_MINUTES, errorTypeOf, type VestibuleClient, type VestibuleErrorInfo } from '@vestibule/client';
import type { SessionResponse } from '@vestibule/contract';
import type { Callbacks, LoginConfig, WidgetEventType } from '../types';
import type { Translate } from '../strings/translate';
import type { ToastStore } from '../toast/store';
import type { OtpMethod } from '../types';
import type { FlowEvent, UserEvent } from './events';
import type { FlowState, ResetEmailReason } from './state';
import { messageForError, toErrorInfo } from './errors';
import { forgetLinkToken } from './forgetLinkToken';

/** Defaults of SPEC.md section 9. */
export const MAGIC_LINK_DEFAULT_EXPIRATION_MINUTES = 30;
export const OTP_DEFAULT_EXPIRATION_MINUTES = 5;

export interface EffectContext {
  client: VestibuleClient;
  config: LoginConfig;
  callbacks: Callbacks | undefined;
  t: Translate;
  free: (text: string) => string;
  dispatch: (event: FlowEvent) => void;
  /** The widget's toasts (resend outcomes). */
  toasts: ToastStore;
  /** The state as it was when the event was sent (before the reducer ran). */
  stateBefore: FlowState;
}

/** Calls a host callback without letting a throwing host break the widget. */
export function safely(fn: () => void): void {
  try {
    fn();
  } catch (err) {
    console.error('Vestibule: a host callback threw', err);
  }
}

export function emit(callbacks: Callbacks | undefined, type: WidgetEventType, data: unknown): void {
  safely(() => callbacks?.onEvent?.({ type, data }));
}

export function reportError(callbacks: Callbacks | undefined, error: VestibuleErrorInfo): void {
  safely(() => callbacks?.onError?.(error));
}

function fail(ctx: EffectContext, err: unknown, placement: 'field' | 'banner'): void {
  const error = toErrorInfo(err);
  const message = messageForError(err, ctx.free);
  ctx.dispatch({ type: 'FAILED', error, message, placement });
  reportError(ctx.callbacks, error);
}

/** Sends a passcode by the chosen channel with the otpOptions of the configuration. */
function sendOtp(ctx: EffectContext, method: OtpMethod, destination: string) {
  const o = ctx.config.otpOptions;
  const expirationMinutes = o?.expirationMinutes ?? OTP_DEFAULT_EXPIRATION_MINUTES;
  const expiresAt = () => Date.now() + expirationMinutes * 60_000;
  const request =
    method === 'email'
      ? ctx.client.otps.email.loginOrCreate(destination, {
          expirationMinutes,
          loginTemplateId: o?.loginTemplateId,
          signupTemplateId: o?.signupTemplateId,
          locale: o?.locale,
        })
      : ctx.client.otps[method].loginOrCreate(destination, { expirationMinutes, locale: o?.locale });
  return request.then((response) => ({ response, expiresAt: expiresAt() }));
}

const sessionDuration = (config: LoginConfig) => config.sessionOptions?.sessionDurationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES;

/** Sends the password-reset email for an address with the passwordOptions of the configuration. */
function sendResetEmail(ctx: EffectContext, email: string) {
  const o = ctx.config.passwordOptions ?? {};
  return ctx.client.passwords.resetByEmailStart({
    email,
    resetPasswordRedirectUrl: o.resetPasswordRedirectURL,
    resetPasswordExpirationMinutes: o.resetPasswordExpirationMinutes,
    loginRedirectUrl: o.loginRedirectURL,
    loginExpirationMinutes: o.loginExpirationMinutes,
  });
}

/** The reset email, then the screen that says it went (or the error under the field). */
function resetThenShow(ctx: EffectContext, email: string, reason: ResetEmailReason): void {
  sendResetEmail(ctx, email).then(
    () => {
      ctx.client.events.log('email_sent', { email, type: 'passwords' });
      ctx.dispatch({ type: 'RESET_EMAIL_SENT', reason });
    },
    (err: unknown) => fail(ctx, err, 'field'),
  );
}

/**
 * Outcome of a password create or log in: success signs in; reset_password (both) and
 * breached_password (log in) send the reset email instead; anything else shows under the field.
 */
function passwordOutcome(ctx: EffectContext, email: string, request: Promise<SessionResponse>, event: WidgetEventType): void {
  request.then(
    (response) => {
      emit(ctx.callbacks, event, response);
      ctx.dispatch({ type: 'AUTHENTICATED', method: 'password', response });
    },
    (err: unknown) => {
      const type = errorTypeOf(err);
      if (type === 'reset_password') resetThenShow(ctx, email, 'dedupe');
      else if (type === 'breached_password' && event === 'PASSWORD_AUTHENTICATE') resetThenShow(ctx, email, 'breached');
      else fail(ctx, err, 'field');
    },
  );
}

/**
 * The effects layer: the only place that calls the network. Screens send events; this reacts to
 * the ones that need a call and dispatches the outcome.
 */
export function runEffects(event: UserEvent, ctx: EffectContext): void {
  const { client, config, callbacks } = ctx;
  switch (event.type) {
    case 'SUBMIT_MAGIC_LINK': {
      const o = config.emailMagicLinksOptions ?? {};
      const email = event.email;
      client.magicLinks.email
        .loginOrCreate(email, {
          loginMagicLinkUrl: o.loginRedirectURL,
          signupMagicLinkUrl: o.signupRedirectURL,
          loginExpirationMinutes: o.loginExpirationMinutes ?? MAGIC_LINK_DEFAULT_EXPIRATION_MINUTES,
          signupExpirationMinutes: o.signupExpirationMinutes ?? MAGIC_LINK_DEFAULT_EXPIRATION_MINUTES,
          createUserAsPending: o.createUserAsPending,
        })
        .then(
          (response) => {
            client.events.log('email_sent', { email, type: 'email_magic_links' });
            emit(callbacks, 'MAGIC_LINK_LOGIN_OR_CREATE', response);
            ctx.dispatch({ type: 'MAGIC_LINK_SENT', email, response });
          },
          (err: unknown) => fail(ctx, err, 'field'),
        );
      return;
    }
    case 'SUBMIT_OTP': {
      const { method, destination, formatted } = event;
      sendOtp(ctx, method, destination).then(
        ({ response, expiresAt }) => {
          emit(callbacks, 'OTP_LOGIN_OR_CREATE', response);
          ctx.dispatch({ type: 'OTP_SENT', method, destination, formatted, expiresAt, response });
        },
        (err: unknown) => fail(ctx, err, 'field'),
      );
      return;
    }
    case 'AUTHENTICATE_OTP': {
      const otp = ctx.stateBefore.otpState;
      if (!otp) return;
      client.otps
        .authenticate(event.code, otp.methodId, {
          session_duration_minutes: sessionDuration(config),
        })
        .then(
          (response) => {
            emit(callbacks, 'OTP_AUTHENTICATE', response);
            ctx.dispatch({ type: 'AUTHENTICATED', method: 'otp', response });
          },
          (err: unknown) => fail(ctx, err, 'field'),
        );
      return;
    }
    case 'RESEND_OTP': {
      const otp = ctx.stateBefore.otpState;
      if (!otp || ctx.stateBefore.resendStatus === 'sending') return;
      sendOtp(ctx, otp.type, otp.otpDestination).then(
        ({ response, expiresAt }) => {
          emit(callbacks, 'OTP_LOGIN_OR_CREATE', response);
          ctx.toasts.show('success', ctx.t(otp.type === 'email' ? 'emailResent' : 'codeResent'));
          ctx.dispatch({ type: 'OTP_RESENT', methodId: response.method_id, expiresAt });
        },
        (err: unknown) => {
          const error = toErrorInfo(err);
          ctx.toasts.show('error', messageForError(err, ctx.free));
          ctx.dispatch({ type: 'RESEND_FAILED' });
          reportError(callbacks, error);
        },
      );
      return;
    }
    case 'SEARCH_USER': {
      const email = event.email;
      client.users.search(email).then(
        ({ userType }) => ctx.dispatch({ type: 'USER_FOUND', email, userType }),
        (err: unknown) => fail(ctx, err, 'field'),
      );
      return;
    }
    case 'CHECK_STRENGTH': {
      const { password, email } = event;
      if (password === '') return;
      client.passwords.strengthCheck(email === undefined ? { password } : { password, email }).then(
        (response) => ctx.dispatch({ type: 'STRENGTH_CHECKED', password, response }),
        // Shown under the field: without a check Continue stays disabled, so the user must know why.
        (err: unknown) => fail(ctx, err, 'field'),
      );
      return;
    }
    case 'CREATE_PASSWORD': {
      const email = ctx.stateBefore.passwordState?.email;
      if (!email) return;
      passwordOutcome(
        ctx,
        email,
        client.passwords.create({ email, password: event.password, session_duration_minutes: sessionDuration(config) }),
        'PASSWORD_CREATE',
      );
      return;
    }
    case 'LOGIN_PASSWORD': {
      const email = ctx.stateBefore.passwordState?.email;
      if (!email) return;
      passwordOutcome(
        ctx,
        email,
        client.passwords.authenticate({ email, password: event.password, session_duration_minutes: sessionDuration(config) }),
        'PASSWORD_AUTHENTICATE',
      );
      return;
    }
    case 'SEND_RESET_EMAIL': {
      const email = ctx.stateBefore.passwordState?.email;
      if (email) resetThenShow(ctx, email, event.reason);
      return;
    }
    case 'RESEND_RESET_EMAIL': {
      const email = ctx.stateBefore.passwordState?.email;
      if (!email) return;
      sendResetEmail(ctx, email).then(
        () => {
          client.events.log('email_sent', { email, type: 'passwords' });
          ctx.toasts.show('success', ctx.t('emailResent'));
        },
        (err: unknown) => {
          ctx.toasts.show('error', messageForError(err, ctx.free));
          reportError(callbacks, toErrorInfo(err));
        },
      );
      return;
    }
    case 'RESET_PASSWORD': {
      const token = ctx.stateBefore.resetPasswordState?.token;
      if (!token) return;
      client.passwords.resetByEmail({ token, password: event.password, session_duration_minutes: sessionDuration(config) }).then(
        (response) => {
          forgetLinkToken();
          emit(callbacks, 'PASSWORD_RESET_BY_EMAIL', response);
          ctx.dispatch({ type: 'AUTHENTICATED', method: 'password', response });
        },
        (err: unknown) => {
          // The token is spent or dead: drop it from the address bar. A refused (weak) password
          // leaves it there, since the same link is still good for another try.
          if (errorTypeOf(err) === 'invalid_reset_token') forgetLinkToken();
          fail(ctx, err, 'field');
        },
      );
      return;
    }
    case 'TRY_AGAIN':
      client.events.log('email_try_again_clicked', {
        email: ctx.stateBefore.magicLinkState?.email ?? '',
        type: 'email_magic_links',
      });
      return;
    case 'AUTHENTICATE_MAGIC_LINK':
      client.magicLinks
        .authenticate(event.token, {
          session_duration_minutes: sessionDuration(config),
        })
        .then(
          (response) => {
            forgetLinkToken();
            emit(callbacks, 'MAGIC_LINK_AUTHENTICATE', response);
            ctx.dispatch({ type: 'AUTHENTICATED', method: 'magic_link', response });
          },
          (err: unknown) => {
            // Used, expired or refused: a magic link is never tried twice, so it goes either way.
            forgetLinkToken();
            fail(ctx, err, 'banner');
          },
        );
      return;
    case 'SUCCESS_SHOWN':
      // A success screen was shown (once): authenticate-flow-complete when a sign-in just
      // happened, then flow-complete; each logged and reported to the host.
      if (event.authenticated) {
        client.events.log('authenticate_flow_complete', {});
        emit(callbacks, 'AUTHENTICATE_FLOW_COMPLETE', null);
      }
      if (event.flowComplete !== false) {
        client.events.log('flow_complete', {});
        emit(callbacks, 'FLOW_COMPLETE', null);
      }
      return;
    case 'SHOW_BANNER':
    case 'DISMISS_BANNER':
    case 'SELECT_TAB':
    case 'RESEND_SETTLED':
    case 'OTP_BACK':
    case 'PASSWORD_BACK':
      return;
  }
}
