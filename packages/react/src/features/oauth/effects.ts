import type { EffectContext, EffectMap } from '../../flow/feature';
import { messageForError, toErrorInfo } from '../../flow/errors';
import { forgetLinkToken } from '../../flow/linkToken';
import { sessionDuration } from '../../flow/session';
import { signedIn } from '../../flow/signIn';
import { readyAgainOnReturn } from './leaving';

/** A provider's button: the client leaves the page for our server, which sends the browser on to the provider. */
export const oauthStartEffects: EffectMap = {
  START_OAUTH({ provider }, ctx) {
    const options = ctx.config.oauthOptions;
    const entry = options?.providers.find((p) => p.type === provider);
    ctx.client.oauth[provider]
      .start({
        login_redirect_url: options?.loginRedirectURL,
        signup_redirect_url: options?.signupRedirectURL,
        custom_scopes: entry?.custom_scopes,
        provider_params: entry?.provider_params,
      })
      .then(
        () => readyAgainOnReturn(ctx),
        (err: unknown) => ctx.fail(err, 'banner'),
      );
  },
  // Google's script and the prompt's code load only when a one_tap entry's container is drawn.
  START_ONE_TAP(event, ctx) {
    void import('./oneTap').then(({ runOneTap }) => runOneTap(event.parentId, ctx));
  },
};

function landingFailed(ctx: EffectContext, err: unknown): void {
  ctx.dispatch({ type: 'OAUTH_LANDING_FAILED', message: messageForError(err, ctx.free) });
  ctx.reportError(toErrorInfo(err));
}

/**
 * OAuthCallback's on-enter hook: a token is exchanged at once; a failure the server reported is
 * said at once. The address bar loses the landing's parameters either way, as an emailed link's.
 */
export function enterOAuthCallback(ctx: EffectContext): void {
  const landing = ctx.stateBefore.oauthLanding;
  if (landing?.token) ctx.send({ type: 'AUTHENTICATE_OAUTH', token: landing.token });
  else if (landing) {
    forgetLinkToken();
    landingFailed(ctx, { error_type: landing.errorType });
  }
}

/** The landing: the exchange, and the buttons offered again when it failed. */
export const oauthLandingEffects: EffectMap = {
  ...oauthStartEffects,
  AUTHENTICATE_OAUTH({ token }, ctx) {
    ctx.client.oauth.authenticate(token, { session_duration_minutes: sessionDuration(ctx.config) }).then(
      (response) => {
        forgetLinkToken();
        signedIn(ctx, 'oauth', 'OAUTH_AUTHENTICATE', response);
      },
      (err: unknown) => {
        // Used, expired, or started in another browser: the token is spent either way.
        forgetLinkToken();
        landingFailed(ctx, err);
      },
    );
  },
};
