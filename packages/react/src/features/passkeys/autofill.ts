import { toErrorInfo } from '../../flow/errors';
import type { EffectContext, Feature } from '../../flow/feature';
import { sessionDuration } from '../../flow/session';
import { signedIn } from '../../flow/signIn';
import { mainError, mainTabs } from '../../main/layout';
import type { LoginConfig } from '../../types';
import { refusedPick, signInErrorKey, wasAborted } from './errors';

/** Passkey autofill is retried up to 5 times after failures. */
export const AUTOFILL_RETRIES = 5;

/**
 * Whether Main offers passkeys through the email field's autofill rather than a button, in a browser
 * that can: passkeys are on, the configuration is sound, and Main has an Email tab. The autofill
 * ceremony runs exactly then.
 */
export function passkeyAutofillApplies(features: readonly Feature[], config: LoginConfig): boolean {
  return (config.products ?? []).includes('passkeys') && !mainError(features, config) && mainTabs(features, config).some((tab) => tab.id === 'email');
}

/**
 * Main's on-enter hook: asks the browser whether it offers passkeys in autofill (each time Main is
 * entered; the answer is quick once the passkey ceremonies' chunk is loaded), then keeps a conditional
 * ceremony waiting on the email field (autocomplete 'username webauthn') until the user picks a
 * passkey or Main is left, which aborts it through the screen's signal.
 */
export function offerPasskeysByAutofill(ctx: EffectContext): void {
  if (passkeyAutofillApplies(ctx.features, ctx.config)) void waitForPick(ctx);
}

async function waitForPick(ctx: EffectContext): Promise<void> {
  const passkeys = ctx.client.webauthn;
  const supported = await passkeys.browserSupportsAutofill().catch(() => false);
  ctx.dispatch({ type: 'PASSKEY_AUTOFILL_KNOWN', supported });
  for (let failures = 0; supported && failures <= AUTOFILL_RETRIES && !ctx.signal.aborted; failures++) {
    try {
      const response = await passkeys.authenticate({
        conditional_mediation: true,
        signal: ctx.signal,
        session_duration_minutes: sessionDuration(ctx.config),
      });
      signedIn(ctx, 'passkey', 'PASSKEY_AUTHENTICATE', response);
      return;
    } catch (err) {
      if (wasAborted(err, ctx.signal)) return;
      // Failures before the user picked anything (a timed-out request, a failed start) are only
      // retried: the user did nothing, so a message would come out of nowhere.
      if (refusedPick(err)) {
        ctx.dispatch({ type: 'FAILED', error: toErrorInfo(err), message: ctx.t(signInErrorKey(err)), placement: 'field' });
        ctx.reportError(toErrorInfo(err));
      }
    }
  }
}
