import { afterEach, describe, expect, it, vi } from 'vitest';
import { StrictMode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { CryptoWalletsAuthenticateResponse, OAuthAuthenticateResponse } from '@vestibule/contract';
import { VestibulePasswordReset } from '../../../src/index';
import type { LoginConfig } from '../../../src/types';
import { apiError, expectNoAxeViolations, fakeClient, SESSION_RESPONSE, type FakeClient } from '../../helpers';
import { renderOtpScreen } from '../otps/otp-helpers';
import { injectEthereum, removeWallets } from '../wallets/wallet-fakes';
import { APP_CODE_LABEL, asSession, eventTypes, intermediate, renderLogin, typeCode } from './login-helpers';

afterEach(() => {
  cleanup();
  removeWallets();
  window.history.replaceState(null, '', '/');
});

/** The step is asked for and the host is told of no sign-in; the app code then finishes it. */
async function throughTheStep(callbacks: { onEvent: ReturnType<typeof vi.fn> }, container: HTMLElement) {
  expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeTruthy();
  expect(eventTypes(callbacks).filter((type) => /AUTHENTICATE|FLOW_COMPLETE/.test(type))).toEqual([]);
  await expectNoAxeViolations(container);
  typeCode('123456');
}

describe('every first factor of the login mount can be held for the step', () => {
  it('a passkey (one that did not verify its user): the step, then PasskeyConfirmation and its event', async () => {
    const client = fakeClient();
    client.webauthn.authenticate.mockResolvedValue(asSession(intermediate()));
    const { callbacks, container } = renderLogin(client, { products: ['emailMagicLinks', 'passkeys'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Login with a Passkey' }));
    await throughTheStep(callbacks, container);
    expect(await screen.findByText('Your Passkey has been successfully authenticated.')).toBeTruthy();
    await waitFor(() => expect(eventTypes(callbacks)).toEqual(['PASSKEY_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']));
    expect(callbacks.onEvent.mock.calls[0]![0]).toEqual({ type: 'PASSKEY_AUTHENTICATE', data: SESSION_RESPONSE });
  });

  it('a passcode: the step, then OTPConfirmation; the back arrow leaves for Main, not the passcode entry', async () => {
    const client = fakeClient();
    client.otps.authenticate.mockResolvedValue(asSession(intermediate()));
    const { callbacks, container } = renderOtpScreen({}, { client });
    fireEvent.change(screen.getByLabelText('6-digit passcode'), { target: { value: '424242' } });
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();

    // A new passcode, and the step again: then the passcode's success.
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
    fireEvent.change(await screen.findByLabelText('6-digit passcode'), { target: { value: '434343' } });
    await throughTheStep(callbacks, container);
    expect(await screen.findByText('Your passcode has been successfully verified.')).toBeTruthy();
    expect(callbacks.onEvent).toHaveBeenCalledWith({ type: 'OTP_AUTHENTICATE', data: SESSION_RESPONSE });
  });

  it('a wallet: the step, then CryptoConfirmation; the back arrow returns to Main without signing again', async () => {
    const client = fakeClient();
    client.cryptoWallets.authenticate.mockResolvedValue(intermediate() as unknown as CryptoWalletsAuthenticateResponse);
    injectEthereum({ isMetaMask: true });
    const { callbacks, container } = renderLogin(client, { products: ['crypto', 'emailMagicLinks'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with MetaMask' }));
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Continue with MetaMask' })).toBeTruthy();
    expect(client.cryptoWallets.authenticate).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Continue with MetaMask' }));
    await throughTheStep(callbacks, container);
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(callbacks.onEvent).toHaveBeenCalledWith({ type: 'CRYPTO_WALLET_AUTHENTICATE', data: SESSION_RESPONSE });
  });
});

describe('the landings of the password-reset mount carry on into the step', () => {
  function renderLanding(client: FakeClient, search: string, config: LoginConfig = { products: ['emailMagicLinks'] }) {
    window.history.replaceState(null, '', `/reset${search}`);
    const callbacks = { onEvent: vi.fn(), onError: vi.fn() };
    const token = new URLSearchParams(search).get('token') ?? '';
    const view = render(
      <StrictMode>
        <VestibulePasswordReset client={client} config={config} callbacks={callbacks} passwordResetToken={token} />
      </StrictMode>,
    );
    return { callbacks, ...view };
  }

  it('an OAuth landing: the token is spent and out of the address bar; the step, then the success screen and OAUTH_AUTHENTICATE', async () => {
    const client = fakeClient();
    client.oauth.authenticate.mockResolvedValueOnce(intermediate() as unknown as OAuthAuthenticateResponse);
    const { callbacks, container } = renderLanding(client, '?vestibule_token_type=oauth&token=oauth-tok-1');
    await throughTheStep(callbacks, container);
    expect(window.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.oauth.authenticate).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(eventTypes(callbacks)).toEqual(['OAUTH_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE', 'FLOW_COMPLETE']));
  });

  it('an OAuth landing given up: the spent token is refused, and the providers are offered again', async () => {
    const client = fakeClient();
    client.oauth.authenticate.mockResolvedValueOnce(intermediate() as unknown as OAuthAuthenticateResponse);
    client.oauth.authenticate.mockRejectedValueOnce(apiError('oauth_token_not_found', 'The sign-in link has expired.', 404));
    renderLanding(client, '?vestibule_token_type=oauth&token=oauth-tok-1', { products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
  });

  it('a magic link: the step, then the success screen and MAGIC_LINK_AUTHENTICATE', async () => {
    const client = fakeClient();
    client.magicLinks.authenticate.mockResolvedValueOnce(asSession(intermediate()));
    const { callbacks, container } = renderLanding(client, '?vestibule_token_type=login&token=tok-123');
    await throughTheStep(callbacks, container);
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(callbacks.onEvent).toHaveBeenCalledWith({ type: 'MAGIC_LINK_AUTHENTICATE', data: SESSION_RESPONSE });
  });

  it('a new password from a reset link: the step, then the success screen and PASSWORD_RESET_BY_EMAIL', async () => {
    const client = fakeClient();
    client.passwords.resetByEmail.mockResolvedValueOnce(asSession(intermediate()));
    const { callbacks, container } = renderLanding(client, '?vestibule_token_type=reset_password&token=tok-123', { products: ['passwords'] });
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'a new and long passphrase' } });
    await waitFor(() => expect(client.passwords.strengthCheck).toHaveBeenCalled());
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await throughTheStep(callbacks, container);
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(callbacks.onEvent).toHaveBeenCalledWith({ type: 'PASSWORD_RESET_BY_EMAIL', data: SESSION_RESPONSE });
    expect(screen.queryByLabelText(APP_CODE_LABEL)).toBeNull();
  });
});
