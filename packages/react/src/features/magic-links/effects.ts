import { errorTypeOf } from '@vestibule/client';
import type { EffectContext, EffectMap } from '../../flow/feature';
import { toErrorInfo } from '../../flow/errors';
import { forgetLinkToken } from '../../flow/linkToken';
import { sessionDuration } from '../../flow/session';
import { signedIn } from '../../flow/signIn';

/** A magic link's lifetime when the host names none. */
export const MAGIC_LINK_DEFAULT_EXPIRATION_MINUTES = 30;

/** Main's magic-link form (the email in the widget's language) and EmailConfirmation's 'Try again'. */
export const magicLinkEffects: EffectMap = {
  SUBMIT_MAGIC_LINK({ email }, ctx) {
    const o = ctx.config.emailMagicLinksOptions ?? {};
    ctx.client.magicLinks.email
      .loginOrCreate(email, {
        loginMagicLinkUrl: o.loginRedirectURL,
        signupMagicLinkUrl: o.signupRedirectURL,
        loginExpirationMinutes: o.loginExpirationMinutes ?? MAGIC_LINK_DEFAULT_EXPIRATION_MINUTES,
        signupExpirationMinutes: o.signupExpirationMinutes ?? MAGIC_LINK_DEFAULT_EXPIRATION_MINUTES,
        createUserAsPending: o.createUserAsPending,
        locale: ctx.locale,
      })
      .then(
        (response) => {
          ctx.client.events.log('email_sent', { email, type: 'email_magic_links' });
          ctx.emit('MAGIC_LINK_LOGIN_OR_CREATE', response);
          ctx.dispatch({ type: 'MAGIC_LINK_SENT', email, response });
        },
        (err: unknown) => ctx.fail(err, 'field'),
      );
  },
  TRY_AGAIN(_event, ctx) {
    ctx.client.events.log('email_try_again_clicked', { email: ctx.stateBefore.magicLinkState?.email ?? '', type: 'email_magic_links' });
  },
};

/** A link refused for good (used, expired, unknown) has its own screen with a new link as the way on; anything else (the network, a limit) keeps the catalogue's message. */
function refused(err: unknown, ctx: EffectContext) {
  forgetLinkToken();
  if (errorTypeOf(err) === 'unable_to_auth_magic_link') {
    ctx.reportError(toErrorInfo(err));
    ctx.dispatch({ type: 'MAGIC_LINK_DEAD' });
  } else ctx.fail(err, 'banner');
}

/**
 * Signs in with the link: at once in the browser that asked for it. Opened anywhere else (a mail
 * filter's browser that runs the page's script among them) nothing is spent: the page asks the
 * person 'Continue as {email}' and only that press (`confirmed`) uses the link.
 */
function authenticate(token: string, confirmed: boolean, ctx: EffectContext) {
  ctx.client.magicLinks.authenticate(token, { session_duration_minutes: sessionDuration(ctx.config), confirmed: confirmed || undefined }).then(
    (response) => {
      forgetLinkToken();
      signedIn(ctx, 'magic_link', 'MAGIC_LINK_AUTHENTICATE', response);
    },
    (err: unknown) => {
      if (errorTypeOf(err) !== 'magic_link_unconfirmed') return refused(err, ctx);
      ctx.client.magicLinks.preview(token).then(
        (live) => {
          forgetLinkToken();
          ctx.dispatch({ type: 'MAGIC_LINK_UNCONFIRMED', email: live.email, token });
        },
        (err: unknown) => refused(err, ctx),
      );
    },
  );
}

/** The reset page's emailed magic link: log in with it; a dead one offers a new link. */
export const magicLinkTokenEffects: EffectMap = {
  AUTHENTICATE_MAGIC_LINK: ({ token }, ctx) => authenticate(token, false, ctx),
  CONFIRM_MAGIC_LINK(_event, ctx) {
    const unconfirmed = ctx.stateBefore.magicLinkUnconfirmed;
    if (unconfirmed) authenticate(unconfirmed.token, true, ctx);
  },
  // MagicLinkDead's 'Email me a new link'.
  SUBMIT_MAGIC_LINK: magicLinkEffects.SUBMIT_MAGIC_LINK,
};
