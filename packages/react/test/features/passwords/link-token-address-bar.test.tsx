import { afterEach, describe, expect, it, vi } from 'vitest';
import { StrictMode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { VestibulePasswordReset } from '../../../src/index';
import { forgetLinkToken } from '../../../src/flow/linkToken';
import type { LoginConfig } from '../../../src/types';
import { apiError, fakeClient, type FakeClient } from '../../helpers';
import { passwordInput } from './password-helpers';

/** What the address bar shows: path, query and hash. */
const address = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

function open(path: string) {
  window.history.replaceState({ host: 'state' }, '', path);
}

function renderReset(client: FakeClient, config: LoginConfig) {
  const callbacks = { onEvent: vi.fn(), onError: vi.fn() };
  return render(
    <StrictMode>
      <VestibulePasswordReset client={client} config={config} callbacks={callbacks} passwordResetToken="tok-123" />
    </StrictMode>,
  );
}

async function submitNewPassword(password: string) {
  fireEvent.change(passwordInput('New password'), { target: { value: password } });
  await waitFor(() => expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('forgetLinkToken', () => {
  it('removes token and vestibule_token_type, keeping the other parameters as written, the path, the hash and the history state', () => {
    open('/app/reset?config=%7B%22a%22%3A1%7D&token=tok-123&q=a+b&vestibule_token_type=login&x=%20#done');
    const entries = window.history.length;
    forgetLinkToken();
    expect(address()).toBe('/app/reset?config=%7B%22a%22%3A1%7D&q=a+b&x=%20#done');
    expect(window.history.length).toBe(entries);
    expect(window.history.state).toEqual({ host: 'state' });
  });

  it('leaves no bare ? when the token was the only parameter', () => {
    open('/reset?token=tok-123&vestibule_token_type=reset_password');
    forgetLinkToken();
    expect(address()).toBe('/reset');
  });

  it('also removes an encoded or repeated parameter name', () => {
    open('/reset?%74oken=a&token=b&keep=1');
    forgetLinkToken();
    expect(address()).toBe('/reset?keep=1');
  });

  it('does not touch history when there is nothing to remove', () => {
    open('/reset?keep=1#h');
    const replace = vi.spyOn(window.history, 'replaceState');
    forgetLinkToken();
    expect(replace).not.toHaveBeenCalled();
    expect(address()).toBe('/reset?keep=1#h');
    replace.mockRestore();
  });

  it('does nothing without a window', () => {
    vi.stubGlobal('window', undefined);
    expect(() => forgetLinkToken()).not.toThrow();
  });
});

describe('the password-reset mount takes the link token out of the address bar', () => {
  const MAGIC = { products: ['emailMagicLinks'] } satisfies LoginConfig;
  const PASSWORDS = { products: ['passwords'] } satisfies LoginConfig;

  it('after a magic link signs in', async () => {
    open('/reset?vestibule_token_type=login&token=tok-123&lang=fr#top');
    const entries = window.history.length;
    const client = fakeClient();
    renderReset(client, MAGIC);
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.magicLinks.authenticate).toHaveBeenCalledTimes(1);
    expect(address()).toBe('/reset?lang=fr#top');
    expect(window.history.length).toBe(entries);
  });

  it('keeps the token while the magic link is being authenticated', () => {
    open('/reset?vestibule_token_type=login&token=tok-123');
    const client = fakeClient();
    client.magicLinks.authenticate.mockImplementation(() => new Promise(() => undefined));
    renderReset(client, MAGIC);
    expect(screen.getByRole('heading', { name: 'Logging in...' })).toBeTruthy();
    expect(address()).toBe('/reset?vestibule_token_type=login&token=tok-123');
  });

  it('after a magic link is refused as used or expired', async () => {
    open('/reset?vestibule_token_type=login&token=tok-123&lang=fr');
    const client = fakeClient();
    client.magicLinks.authenticate.mockRejectedValue(apiError('unable_to_auth_magic_link', 'server text', 401));
    renderReset(client, MAGIC);
    await screen.findByRole('heading', { name: 'This login link no longer works' });
    expect(address()).toBe('/reset?lang=fr');
  });

  it('after a password reset succeeds', async () => {
    open('/reset?token=tok-123&vestibule_token_type=reset_password&lang=fr#h');
    const entries = window.history.length;
    const client = fakeClient();
    renderReset(client, PASSWORDS);
    expect(address()).toBe('/reset?token=tok-123&vestibule_token_type=reset_password&lang=fr#h');
    await submitNewPassword('correct horse battery staple');
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.passwords.resetByEmail).toHaveBeenCalledWith(expect.objectContaining({ token: 'tok-123' }));
    expect(address()).toBe('/reset?lang=fr#h');
    expect(window.history.length).toBe(entries);
  });

  it('after the reset token is refused as invalid, used or expired', async () => {
    open('/reset?token=tok-123&vestibule_token_type=reset_password&lang=fr');
    const client = fakeClient();
    client.passwords.resetByEmail.mockRejectedValue(apiError('invalid_reset_token', 'server text', 400));
    renderReset(client, PASSWORDS);
    await submitNewPassword('correct horse battery staple');
    expect(await screen.findByRole('heading', { name: 'This reset link no longer works' })).toBeTruthy();
    expect(address()).toBe('/reset?lang=fr');
  });

  it('but not when the new password is refused as weak: the token is still good for another try', async () => {
    open('/reset?token=tok-123&vestibule_token_type=reset_password&lang=fr');
    const client = fakeClient();
    client.passwords.resetByEmail.mockRejectedValueOnce(apiError('weak_password', 'server text', 400));
    renderReset(client, PASSWORDS);
    await submitNewPassword('correct horse battery staple');
    expect((await screen.findByRole('alert')).textContent).toBe('The password is too weak or has appeared in a data breach. Please choose another password.');
    expect(address()).toBe('/reset?token=tok-123&vestibule_token_type=reset_password&lang=fr');

    // The same link then takes a stronger password, and only then is the token dropped.
    await submitNewPassword('Velvet-Harbor-Glacier-Tundra-71');
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.passwords.resetByEmail).toHaveBeenCalledTimes(2);
    expect(address()).toBe('/reset?lang=fr');
  });
});
