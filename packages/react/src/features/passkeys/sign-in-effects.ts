import { toErrorInfo } from '../../flow/errors';
import type { EffectMap } from '../../flow/feature';
import { sessionDuration } from '../../flow/session';
import { signedIn } from '../../flow/signIn';
import { signInErrorKey, wasAborted, wasCancelled } from './errors';

/** The passkey button's sign-in, and identifier-first's 'Use your passkey' (loaded after the first paint). */
export const passkeySignInEffects: EffectMap = {
  PASSKEY_SIGN_IN({ email }, ctx) {
    ctx.client.webauthn.authenticate({ email, session_duration_minutes: sessionDuration(ctx.config), signal: ctx.signal }).then(
      (response) => signedIn(ctx, 'passkey', 'PASSKEY_AUTHENTICATE', response),
      (err: unknown) => {
        if (wasAborted(err, ctx.signal)) return;
        // Closing the browser's dialog is the user's choice, not a failure: the button is simply ready again.
        if (wasCancelled(err)) {
          ctx.dispatch({ type: 'PASSKEY_SIGN_IN_FAILED', message: null });
          return;
        }
        ctx.dispatch({ type: 'PASSKEY_SIGN_IN_FAILED', message: ctx.t(signInErrorKey(err)) });
        ctx.reportError(toErrorInfo(err));
      },
    );
  },
};
