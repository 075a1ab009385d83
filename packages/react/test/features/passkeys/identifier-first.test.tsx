import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { VestibuleLogin } from '../../../src/index';
import type { LoginConfig } from '../../../src/types';
import { apiError, expectNoAxeViolations, fakeClient, type FakeClient } from '../../helpers';

/**
 * Identifier-first passkeys: once an email is typed on Main, the next screen (a link sent, a
 * password asked for, a passcode sent) offers 'Use your passkey' for that address; the browser is
 * then offered that address's passkeys only (the client sends the email with the start).
 */
afterEach(cleanup);

function renderLogin(config: LoginConfig, client: FakeClient = fakeClient()) {
  const callbacks = { onEvent: vi.fn(), onError: vi.fn() };
  const view = render(<VestibuleLogin client={client} config={config} callbacks={callbacks} />);
  return { client, callbacks, ...view };
}

async function typeEmail(email = 'ada@example.com') {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
}

describe("identifier-first: 'Use your passkey' after the email", () => {
  it('after a magic link is sent: signs in with that address’s passkeys and shows the passkey confirmation', async () => {
    const { client, container } = renderLogin({ products: ['emailMagicLinks', 'passkeys'] });
    await typeEmail();
    await screen.findByRole('heading', { name: 'Check your email' });
    const offer = await screen.findByRole('button', { name: 'Use your passkey' });
    await expectNoAxeViolations(container);
    fireEvent.click(offer);
    expect(await screen.findByText('Your Passkey has been successfully authenticated.')).toBeTruthy();
    expect(client.webauthn.authenticate).toHaveBeenCalledWith(expect.objectContaining({ email: 'ada@example.com', session_duration_minutes: 30 }));
  });

  it('after an email passcode is sent, and on the password screen of a known address', async () => {
    const otp = renderLogin({ products: ['otp', 'passkeys'], otpOptions: { methods: ['email'], expirationMinutes: 5 } });
    await typeEmail('bo@example.com');
    await screen.findByRole('heading', { name: 'Enter passcode' });
    fireEvent.click(await screen.findByRole('button', { name: 'Use your passkey' }));
    await waitFor(() => expect(otp.client.webauthn.authenticate).toHaveBeenCalledWith(expect.objectContaining({ email: 'bo@example.com' })));
    cleanup();

    const client = fakeClient();
    client.users.search.mockResolvedValue({ userType: 'password' });
    renderLogin({ products: ['passwords', 'passkeys'] }, client);
    await typeEmail('cy@example.com');
    fireEvent.click(await screen.findByRole('button', { name: 'Use your passkey' }));
    await waitFor(() => expect(client.webauthn.authenticate).toHaveBeenCalledWith(expect.objectContaining({ email: 'cy@example.com' })));
  });

  it('a failure is said under the offer and tied to it; a cancelled dialog says nothing', async () => {
    const client = fakeClient();
    client.webauthn.authenticate.mockRejectedValueOnce(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
    client.webauthn.authenticate.mockRejectedValueOnce(apiError('webauthn_registration_not_found', 'Not found.', 404));
    renderLogin({ products: ['emailMagicLinks', 'passkeys'] }, client);
    await typeEmail();
    const offer = await screen.findByRole('button', { name: 'Use your passkey' });
    fireEvent.click(offer);
    await waitFor(() => expect(offer.getAttribute('aria-busy')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(offer);
    const alert = await screen.findByRole('alert');
    expect(offer.getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('is not offered without passkeys in the configuration, nor on the screen that creates an account', async () => {
    renderLogin({ products: ['emailMagicLinks'] });
    await typeEmail();
    await screen.findByRole('heading', { name: 'Check your email' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Use your passkey' })).toBeNull();
    cleanup();

    renderLogin({ products: ['passwords', 'passkeys'] });
    await typeEmail();
    await screen.findByRole('heading', { name: 'Create an account' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Use your passkey' })).toBeNull();
  });
});
