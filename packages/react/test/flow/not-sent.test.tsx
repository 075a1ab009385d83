import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { VestibuleLogin } from '../../src/index';
import { accountClient, openSection, renderAccount } from '../account/account-helpers';
import { renderPasswordScreen } from '../features/passwords/password-helpers';
import { apiError, expectNoAxeViolations, fakeClient } from '../helpers';

/**
 * A message the server could not send (delivery_failed, 502 or 503): the screen that sent says so in
 * the server's words (announced), and offers to send again, keeping what was typed. Main's forms
 * say it under their field, their button reading 'Try again'; the password screens and the account
 * page show it with a 'Try again' of its own, focused and described by the words. (The passcode
 * screen's resend says it in an error toast, as its other failures: 'Resend code' sends again.)
 */
afterEach(cleanup);

const WORDS = 'The email could not be sent. Please try again.';
const NOT_SENT = () => apiError('delivery_failed', WORDS, 502);

/** The words are announced, and 'Try again', described by them, has the focus. */
function expectTryAgainFocused() {
  const alert = screen.getByRole('alert');
  expect(alert.textContent).toBe(WORDS);
  const tryAgain = screen.getByRole('button', { name: 'Try again' });
  expect(document.activeElement).toBe(tryAgain);
  expect(tryAgain.getAttribute('aria-describedby')).toBe(alert.id);
}

describe("Main: a link or a code that could not be sent is said under the field, and the button reads 'Try again'", () => {
  it('magic links: the address stays, and Try again sends it again (twice)', async () => {
    const client = fakeClient();
    client.magicLinks.email.loginOrCreate.mockRejectedValueOnce(NOT_SENT()).mockRejectedValueOnce(NOT_SENT());
    const { container } = render(<VestibuleLogin client={client} config={{ products: ['emailMagicLinks'] }} />);
    const field = screen.getByLabelText('Email') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));

    expect((await screen.findByRole('alert')).textContent).toBe(WORDS);
    expect(field.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(field.value).toBe('ada@example.com');
    expect(screen.queryByRole('button', { name: 'Continue with email' })).toBeNull();
    await expectNoAxeViolations(container);

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(client.magicLinks.email.loginOrCreate).toHaveBeenCalledTimes(2));
    expect((await screen.findByRole('alert')).textContent).toBe(WORDS);

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(client.magicLinks.email.loginOrCreate.mock.calls.map((call) => (call as unknown[])[0])).toEqual([
      'ada@example.com',
      'ada@example.com',
      'ada@example.com',
    ]);
  });

  it('any other error keeps the button as it was', async () => {
    const client = fakeClient();
    client.magicLinks.email.loginOrCreate.mockRejectedValueOnce(apiError('too_many_requests', 'Too many magic links requested.', 429));
    render(<VestibuleLogin client={client} config={{ products: ['emailMagicLinks'] }} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many magic links requested.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue with email' })).toBeTruthy();
  });

  it('an email passcode: Try again goes on to the passcode screen', async () => {
    const client = fakeClient();
    client.otps.email.loginOrCreate.mockRejectedValueOnce(NOT_SENT());
    render(<VestibuleLogin client={client} config={{ products: ['otp'], otpOptions: { methods: ['email'] } }} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect((await screen.findByRole('alert')).textContent).toBe(WORDS);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Enter passcode' })).toBeTruthy();
    expect(client.otps.email.loginOrCreate).toHaveBeenCalledTimes(2);
  });
});

describe('Passwords: a reset email that could not be sent', () => {
  it("'Forgot Password?': said under it with 'Try again' (focused), which sends it and goes on to 'Forgot password?'", async () => {
    const client = fakeClient();
    client.passwords.resetByEmailStart.mockRejectedValueOnce(NOT_SENT());
    const { container } = renderPasswordScreen('password', { client });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    await screen.findByRole('button', { name: 'Try again' });
    expectTryAgainFocused();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeTruthy();
    expect(client.passwords.resetByEmailStart).toHaveBeenCalledTimes(2);
  });

  it("a passwordless user's 'Create a password': said with 'Try again', which sends the email again", async () => {
    const client = fakeClient();
    client.passwords.resetByEmailStart.mockRejectedValueOnce(NOT_SENT());
    renderPasswordScreen('passwordless', { client, config: { products: ['passwords', 'emailMagicLinks'] } });
    fireEvent.click(screen.getByRole('button', { name: 'Create a password' }));
    await screen.findByRole('button', { name: 'Try again' });
    expectTryAgainFocused();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Check your email!' })).toBeTruthy();
    expect(client.passwords.resetByEmailStart).toHaveBeenCalledTimes(2);
  });
});

describe('The account page: a code that could not be sent to an address being added', () => {
  it("says so in place of 'Send code', and 'Try again' sends the field's address; a resend that fails says so in place of 'Resend code'", async () => {
    const { client } = accountClient();
    client.account.emailStart.mockRejectedValueOnce(NOT_SENT());
    const { container } = renderAccount(client);
    const emails = await openSection('Email addresses');
    fireEvent.click(within(emails).getByRole('button', { name: 'Add email address' }));
    const field = within(emails).getByLabelText('New email address') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'ada@work.example' } });
    fireEvent.click(within(emails).getByRole('button', { name: 'Send code' }));
    await within(emails).findByRole('button', { name: 'Try again' });
    expectTryAgainFocused();
    expect(field.value).toBe('ada@work.example');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await expectNoAxeViolations(container);

    fireEvent.click(within(emails).getByRole('button', { name: 'Try again' }));
    await within(emails).findByLabelText('6-digit passcode');
    expect(client.account.emailStart).toHaveBeenCalledTimes(2);
    expect(client.account.emailStart).toHaveBeenLastCalledWith({ email: 'ada@work.example', locale: 'en' });

    client.account.emailStart.mockRejectedValueOnce(NOT_SENT());
    fireEvent.click(within(emails).getByRole('button', { name: 'Resend code' }));
    await within(emails).findByRole('button', { name: 'Try again' });
    expectTryAgainFocused();
    fireEvent.click(within(emails).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(emails).queryByRole('button', { name: 'Try again' })).toBeNull());
    expect(within(emails).getByRole('button', { name: 'Resend code' })).toBeTruthy();
    expect(client.account.emailStart).toHaveBeenCalledTimes(4);
  });
});
