import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { VestibuleLogin } from '../../src/index';
import { accountClient, openSection, renderAccount } from '../account/account-helpers';
import { renderOtpScreen } from '../features/otps/otp-helpers';
import { renderPasswordScreen } from '../features/passwords/password-helpers';
import { apiError, expectNoAxeViolations, fakeClient, OTP_SENT_RESPONSE } from '../helpers';

/**
 * A message the server could not send (delivery_failed, 502 or 503): the screen that sent says so in
 * plain words (announced), and 'Try again' (focused, described by the words) sends again, keeping
 * what was typed.
 */
afterEach(cleanup);

const NOT_SENT = () => apiError('delivery_failed', 'The email could not be sent. Please try again.', 502);

function expectTryAgainFocused(words: string) {
  const alert = screen.getByRole('alert');
  expect(alert.textContent).toBe(words);
  const tryAgain = screen.getByRole('button', { name: 'Try again' });
  expect(document.activeElement).toBe(tryAgain);
  expect(tryAgain.getAttribute('aria-describedby')).toBe(alert.id);
}

describe('Main: a link or a code that could not be sent', () => {
  it("says 'The email could not be sent.', keeps the address (not marked invalid), and 'Try again' sends it again", async () => {
    const client = fakeClient();
    client.magicLinks.email.loginOrCreate.mockRejectedValueOnce(NOT_SENT()).mockRejectedValueOnce(NOT_SENT());
    const { container } = render(<VestibuleLogin client={client} config={{ products: ['emailMagicLinks'] }} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));

    await screen.findByRole('button', { name: 'Try again' });
    expectTryAgainFocused('The email could not be sent.');
    expect(screen.queryByRole('button', { name: 'Continue with email' })).toBeNull();
    const field = screen.getByLabelText('Email') as HTMLInputElement;
    expect(field.value).toBe('ada@example.com');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await expectNoAxeViolations(container);

    // Failing again says it again, focused again.
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(client.magicLinks.email.loginOrCreate).toHaveBeenCalledTimes(2));
    await waitFor(() => expectTryAgainFocused('The email could not be sent.'));

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(client.magicLinks.email.loginOrCreate).toHaveBeenCalledTimes(3);
    expect(client.magicLinks.email.loginOrCreate.mock.calls.map((call) => (call as unknown[])[0])).toEqual([
      'ada@example.com',
      'ada@example.com',
      'ada@example.com',
    ]);
  });

  it('any other error stays under the field, as before', async () => {
    const client = fakeClient();
    client.magicLinks.email.loginOrCreate.mockRejectedValueOnce(apiError('too_many_requests', 'Too many magic links requested.', 429));
    render(<VestibuleLogin client={client} config={{ products: ['emailMagicLinks'] }} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many magic links requested.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue with email' })).toBeTruthy();
  });

  it('an email passcode that could not be sent: Try again goes on to the passcode screen', async () => {
    const client = fakeClient();
    client.otps.email.loginOrCreate.mockRejectedValueOnce(NOT_SENT());
    render(<VestibuleLogin client={client} config={{ products: ['otp'], otpOptions: { methods: ['email'] } }} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
    await screen.findByRole('button', { name: 'Try again' });
    expectTryAgainFocused('The email could not be sent.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Enter passcode' })).toBeTruthy();
    expect(client.otps.email.loginOrCreate).toHaveBeenCalledTimes(2);
  });
});

describe('Enter passcode: a new code that could not be sent', () => {
  it("says so where 'Resend code' was (no toast), the entry still takes the last code, and 'Try again' sends a new one", async () => {
    const client = fakeClient();
    client.otps.sms.loginOrCreate.mockRejectedValueOnce(apiError('delivery_failed', 'The text message could not be sent. Please try again.', 503));
    const { container } = renderOtpScreen(
      { type: 'sms', otpDestination: '+15005550006', formattedDestination: '+1 500 555 0006' },
      { client, config: { products: ['otp'], otpOptions: { methods: ['sms'] } } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await screen.findByRole('button', { name: 'Try again' });
    expectTryAgainFocused('The text message could not be sent.');
    expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull();
    expect(container.querySelector('[data-toast-type]')).toBeNull();
    expect((screen.getByLabelText('6-digit passcode') as HTMLInputElement).disabled).toBe(false);
    await expectNoAxeViolations(container);

    client.otps.sms.loginOrCreate.mockResolvedValueOnce({ ...OTP_SENT_RESPONSE, method_id: 'method-2' });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Code resent')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(client.otps.sms.loginOrCreate).toHaveBeenCalledTimes(2);
  });
});

describe('Passwords: a reset email that could not be sent', () => {
  it("'Forgot Password?': said under it, and 'Try again' sends it and goes on to 'Forgot password?'", async () => {
    const client = fakeClient();
    client.passwords.resetByEmailStart.mockRejectedValueOnce(NOT_SENT());
    const { container } = renderPasswordScreen('password', { client });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    await screen.findByRole('button', { name: 'Try again' });
    expectTryAgainFocused('The email could not be sent.');
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeTruthy();
    expect(client.passwords.resetByEmailStart).toHaveBeenCalledTimes(2);
  });

  it("'Resend' on 'Forgot password?': said under it, and 'Try again' sends it ('Email resent')", async () => {
    const client = fakeClient();
    renderPasswordScreen('password', { client });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    await screen.findByRole('heading', { name: 'Forgot password?' });
    client.passwords.resetByEmailStart.mockRejectedValueOnce(NOT_SENT());
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await screen.findByRole('button', { name: 'Try again' });
    expectTryAgainFocused('The email could not be sent.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Email resent')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull());
    expect(client.passwords.resetByEmailStart).toHaveBeenCalledTimes(3);
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
    expectTryAgainFocused('The email could not be sent.');
    expect(field.value).toBe('ada@work.example');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await expectNoAxeViolations(container);

    fireEvent.click(within(emails).getByRole('button', { name: 'Try again' }));
    await within(emails).findByLabelText('6-digit passcode');
    expect(client.account.emailStart).toHaveBeenCalledTimes(2);
    expect(client.account.emailStart).toHaveBeenLastCalledWith({ email: 'ada@work.example' });

    client.account.emailStart.mockRejectedValueOnce(NOT_SENT());
    fireEvent.click(within(emails).getByRole('button', { name: 'Resend code' }));
    await within(emails).findByRole('button', { name: 'Try again' });
    expectTryAgainFocused('The email could not be sent.');
    fireEvent.click(within(emails).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(emails).queryByRole('button', { name: 'Try again' })).toBeNull());
    expect(within(emails).getByRole('button', { name: 'Resend code' })).toBeTruthy();
    expect(client.account.emailStart).toHaveBeenCalledTimes(4);
  });
});
