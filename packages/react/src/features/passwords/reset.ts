import type { Feature } from '../../flow/feature';
import { forgetLinkToken } from '../../flow/linkToken';
import { checkResetLink, passwordResetEffects } from './effects';
import { reducePasswords } from './reducer';
import { PasswordConfirmation } from './screens/PasswordConfirmation';
import { PasswordResetForm } from './screens/PasswordResetForm';
import { initialPasswordSlice } from './state';

/**
 * The password-reset mount: PasswordResetForm with the emailed token, then PasswordConfirmation.
 * A `login` token is a magic-link token: entering the screen sends AUTHENTICATE_MAGIC_LINK, which
 * the magic-links feature's `magicLinkToken` carries out (the mount composes both).
 */
export const passwordReset: Feature = {
  name: 'password-reset',
  initial: initialPasswordSlice,
  reduce: reducePasswords,
  screen: (state) => (state.authenticated ? 'PasswordConfirmation' : 'PasswordResetForm'),
  screens: { PasswordResetForm, PasswordConfirmation },
  effects: passwordResetEffects,
  enter: {
    PasswordResetForm(ctx) {
      const reset = ctx.stateBefore.resetPasswordState;
      if (reset?.tokenType === 'login') ctx.send({ type: 'AUTHENTICATE_MAGIC_LINK', token: reset.token });
      // Checked already by the host's server (serverState): a dead link leaves the address bar as the check here would have it.
      else if (reset?.check === 'dead') forgetLinkToken();
      else if (reset && !reset.check) checkResetLink(ctx, reset.token);
    },
  },
};
