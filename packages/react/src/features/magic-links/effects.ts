import { errorTypeOf } from '@vestibule/client';
import type { EffectMap } from '../../flow/feature';
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

/** The reset page's emailed magic link: log in with its token; a dead one offers a new link. */
export const magicLinkTokenEffects: EffectMap = {
  AUTHENTICATE_MAGIC_LINK({ token }, ctx) {
    ctx.client.magicLinks.authenticate(token, { session_duration_minutes: sessionDuration(ctx.config) }).then(
      (response) => {
        forgetLinkToken();
        signedIn(ctx, 'magic_link', 'MAGIC_LINK_AUTHENTICATE', response);
      },
      (err: unknown) => {
        // Used, expired or refused: a magic link is never tried twice, so it goes either way.
        forgetLinkToken();
        // A dead link gets its own screen with a new link as the way on; anything else (the
        // network, a limit) keeps the catalogue's message.
        if (errorTypeOf(err) === 'unable_to_auth_magic_link') {
          ctx.reportError(toErrorInfo(err));
          ctx.dispatch({ type: 'MAGIC_LINK_DEAD' });
        } else ctx.fail(err, 'banner');
      },
    );
  },
  // MagicLinkDead's 'Email me a new link'.
  SUBMIT_MAGIC_LINK: magicLinkEffects.SUBMIT_MAGIC_LINK,
};
