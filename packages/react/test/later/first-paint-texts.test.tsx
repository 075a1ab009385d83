import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
// The mount itself: the package's index also loads the mounts that bring the later texts with them.
import { loginFlow, VestibuleLogin } from '../../src/mounts/VestibuleLogin';
import { loadWallets } from '../../src/features/wallets/load';
import { en } from '../../src/strings/en';
import { makeTranslate } from '../../src/strings/translate';
import { loadLater } from '../../src/later/load';
import type { LoginConfig } from '../../src/types';
import { fakeClient } from '../helpers';

afterEach(cleanup);

/** Every method of the login mount (bench/host/entries.ts's 'all seven methods'). */
const ALL_METHODS: LoginConfig = {
  products: ['emailMagicLinks', 'otp', 'passwords', 'passkeys', 'oauth', 'crypto'],
  otpOptions: { methods: ['sms', 'whatsapp'], expirationMinutes: 5 },
  oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }, { type: 'microsoft' }, { type: 'apple' }] },
};

// Its own file, so nothing has loaded src/later/ before these run (each test file has its own modules).
describe('texts at the first paint', () => {
  it('the login mount with every method draws its first screen from the first-screen texts alone; the later ones arrive after', async () => {
    expect(() => makeTranslate(undefined)('forgotPassword')).toThrow("The text 'forgotPassword' is not loaded yet");
    // A later text used by a part that draws at once would throw while rendering here.
    render(<VestibuleLogin client={fakeClient()} config={ALL_METHODS} />);
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Text' })).toBeTruthy();
    expect('forgotPassword' in en).toBe(false);
    await loadLater();
    expect(makeTranslate(undefined)('forgotPassword')).toBe('Forgot Password?');
    // What the first paint set fetching (the features' effects, the wallet buttons, the providers'
    // logos) arrives before the test ends, not into a torn-down environment.
    await Promise.all([
      ...loginFlow.features.map((feature) => (typeof feature.effects === 'function' ? feature.effects() : null)),
      loadWallets(),
      import('../../src/features/oauth/screens/ProviderLogo'),
    ]);
  });
});
