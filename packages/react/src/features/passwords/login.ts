import type { Feature } from '../../flow/feature';
import { lazyScreen } from '../../parts/lazyScreen';
import type { ResetEmailReason } from './state';
import { PasswordEmailForm } from './screens/PasswordEmailForm';
import { initialPasswordSlice } from './state';

const RESET_EMAIL_SCREENS = {
  forgot: 'PasswordForgot',
  setNew: 'PasswordSetNew',
  dedupe: 'PasswordDedupe',
  breached: 'PasswordBreached',
} as const;

/** The password screens share one lazy chunk (`chunks/password-*.js`); the password email form fetches it ahead. */
const loadPasswordScreens = () => import('./screens/password');
const passwordScreen = (name: keyof Awaited<ReturnType<typeof loadPasswordScreens>>) =>
  lazyScreen(() => loadPasswordScreens().then((m) => ({ default: m[name] })));

/**
 * Passwords in the login mount: Main's Email tab (users.search; with passwords the email is looked
 * up first, whatever else offers that tab), the Password* screens, PasswordConfirmation.
 */
export const passwords: Feature = {
  name: 'passwords',
  initial: initialPasswordSlice,
  loadReduce: () => import('./reducer'),
  screen(state) {
    if (state.authenticated === 'password') return 'PasswordConfirmation';
    if (!state.passwordState) return null;
    return state.resetEmailSent ? RESET_EMAIL_SCREENS[state.resetEmailSent satisfies ResetEmailReason] : 'PasswordCreateOrLogin';
  },
  screens: {
    PasswordCreateOrLogin: passwordScreen('PasswordCreateOrLogin'),
    PasswordForgot: passwordScreen('PasswordForgot'),
    PasswordSetNew: passwordScreen('PasswordSetNew'),
    PasswordDedupe: passwordScreen('PasswordDedupe'),
    PasswordBreached: passwordScreen('PasswordBreached'),
    PasswordConfirmation: lazyScreen(() => import('./screens/PasswordConfirmation')),
  },
  effects: () => import('./effects').then((m) => m.passwordEffects),
  main: { product: 'passwords', tabs: () => [{ id: 'email', label: 'tabEmail', form: PasswordEmailForm, rank: 2 }] },
};
