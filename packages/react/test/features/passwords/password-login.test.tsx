import { afterEach, describe, expect, it, vi } from 'vitest';
import { StrictMode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { UserType } from '@vestibule/contract';
import { VestibuleLogin, VestibulePasswordReset } from '../../../src/index';
import type { LoginConfig } from '../../../src/types';
import { apiError, expectNoAxeViolations, fakeClient, type FakeClient } from '../../helpers';
import { eventTypes, passwordInput, renderPasswordScreen, strength } from './password-helpers';

afterEach(() => {
  cleanup();
  window.history.replaceState({}, '', '/');
});

const PASSWORD_OPTIONS = {
  resetPasswordRedirectURL: 'http://localhost:3000/reset',
  resetPasswordExpirationMinutes: 20,
  loginRedirectURL: 'http://localhost:3000/reset',
  loginExpirationMinutes: 15,
};

function logIn(password: string) {
  fireEvent.change(passwordInput('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('Main with passwords: the email is looked up', () => {
  function renderLogin(client: FakeClient, config: LoginConfig = { products: ['passwords'] }) {
    const callbacks = { onEvent: vi.fn(), onError: vi.fn() };
    return { callbacks, ...render(<VestibuleLogin client={client} config={config} callbacks={callbacks} />) };
  }

  it('has no accessibility violations; an invalid email says so and makes no call', async () => {
    const client = fakeClient();
    const { container } = renderLogin(client);
    await expectNoAxeViolations(container);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(screen.getByText('Email format is invalid.')).toBeTruthy();
    expect(client.users.search).not.toHaveBeenCalled();
  });

  it.each([
    ['new', 'Create an account'],
    ['password', 'Log in'],
    ['passwordless', 'Log in'],
  ] as [UserType, string][])('userType %s shows the %s variant', async (userType, title) => {
    const client = fakeClient();
    client.users.search.mockResolvedValue({ userType });
    const { container } = renderLogin(client, { products: ['passwords', 'emailMagicLinks'] });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' ada@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(client.users.search).toHaveBeenCalledWith('ada@example.com');
    expect(client.magicLinks.email.loginOrCreate).not.toHaveBeenCalled();
    if (userType === 'password') expect(screen.getByRole('button', { name: 'Forgot Password?' })).toBeTruthy();
    else expect(screen.queryByRole('button', { name: 'Forgot Password?' })).toBeNull();
    if (userType === 'passwordless') expect(screen.getByText(/signs in without a password/)).toBeTruthy();
    await expectNoAxeViolations(container);
    // The back arrow returns to Main.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });

  it('a failed search shows its message under the email field', async () => {
    const client = fakeClient();
    client.users.search.mockRejectedValue(apiError('too_many_requests', 'Too many requests; wait a minute.', 429));
    renderLogin(client);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(await screen.findByText('Too many requests; wait a minute.')).toBeTruthy();
  });
});

describe('PasswordCreateOrLogin, password user: log in', () => {
  it('has no accessibility violations; the email is shown and in the username field, and the field has a toggle', async () => {
    const { container } = renderPasswordScreen('password');
    await expectNoAxeViolations(container);
    expect(container.querySelector('.vst-account-email')?.textContent).toBe('ada@example.com');
    expect(container.querySelector<HTMLInputElement>('input[autocomplete="username"]')?.value).toBe('ada@example.com');
    expect(passwordInput('Password').getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByRole('button', { name: 'Show password' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('success goes to PasswordConfirmation, firing the flow-complete events once (strict mode)', async () => {
    const { client, callbacks, container } = renderPasswordScreen('password');
    logIn('hunter2!');
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(screen.getByText('You have successfully logged in.')).toBeTruthy();
    expect(client.passwords.authenticate).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'hunter2!', session_duration_minutes: 30 });
    // The flow-complete events follow the screen's first paint (an effect of the success screen).
    await waitFor(() => expect(eventTypes(callbacks).filter((t) => t === 'FLOW_COMPLETE')).toHaveLength(1));
    const types = eventTypes(callbacks);
    expect(types.filter((t) => t === 'PASSWORD_AUTHENTICATE')).toHaveLength(1);
    expect(types.filter((t) => t === 'AUTHENTICATE_FLOW_COMPLETE')).toHaveLength(1);
    expect(types.filter((t) => t === 'FLOW_COMPLETE')).toHaveLength(1);
    await expectNoAxeViolations(container);
  });

  it("a wrong password shows 'Unauthorized credentials.' under the field", async () => {
    const client = fakeClient();
    client.passwords.authenticate.mockRejectedValue(apiError('unauthorized_credentials', 'server text', 401));
    const { callbacks, container } = renderPasswordScreen('password', { client });
    logIn('wrong');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Unauthorized credentials.');
    expect(passwordInput('Password').getAttribute('aria-invalid')).toBe('true');
    expect(callbacks.onError).toHaveBeenCalledWith(expect.objectContaining({ error_type: 'unauthorized_credentials' }));
    await expectNoAxeViolations(container);
  });

  it.each([
    ['user_lock_limit_reached', 'Too many failed authentication attempts. Please try again later.'],
    ['too_many_requests', 'Slow down: 5 attempts a minute.'],
  ])('%s shows its message', async (type, message) => {
    const client = fakeClient();
    client.passwords.authenticate.mockRejectedValue(apiError(type, 'Slow down: 5 attempts a minute.', 429));
    renderPasswordScreen('password', { client });
    logIn('x');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('reset_password: the reset email goes out, then PasswordDedupe', async () => {
    const client = fakeClient();
    client.passwords.authenticate.mockRejectedValue(apiError('reset_password', 'Password must be reset.', 400));
    const { container } = renderPasswordScreen('password', { client, config: { products: ['passwords'], passwordOptions: PASSWORD_OPTIONS } });
    logIn('old password');
    expect(await screen.findByRole('heading', { name: 'Check your email to set a new password' })).toBeTruthy();
    expect(client.passwords.resetByEmailStart).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Check your email to set a new password!')).toBeTruthy();
    expect(screen.getByText(/a new password is needed/)).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('breached_password: the reset email goes out, then PasswordBreached explaining the breach', async () => {
    const client = fakeClient();
    client.passwords.authenticate.mockRejectedValue(apiError('breached_password', 'breached', 400));
    const { container } = renderPasswordScreen('password', { client });
    logIn('password123');
    expect(await screen.findByRole('heading', { name: 'Check your email to set a new password' })).toBeTruthy();
    expect(container.querySelector('[data-screen="PasswordBreached"]')).toBeTruthy();
    expect(screen.getByText(/appeared in a data breach/)).toBeTruthy();
    expect(screen.getByText('Check your email to set a new password!')).toBeTruthy();
    expect(client.passwords.resetByEmailStart).toHaveBeenCalledWith(expect.objectContaining({ email: 'ada@example.com' }));
    await expectNoAxeViolations(container);
  });
});

describe('Forgot Password?', () => {
  it('sends the reset email with passwordOptions and goes to PasswordForgot', async () => {
    const { client, container } = renderPasswordScreen('password', {
      config: { products: ['passwords', 'emailMagicLinks'], passwordOptions: PASSWORD_OPTIONS },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeTruthy();
    expect(client.passwords.resetByEmailStart).toHaveBeenCalledWith({
      email: 'ada@example.com',
      resetPasswordRedirectUrl: 'http://localhost:3000/reset',
      resetPasswordExpirationMinutes: 20,
      loginRedirectUrl: 'http://localhost:3000/reset',
      loginExpirationMinutes: 15,
      locale: 'en',
    });
    expect(screen.getByText(/A link to reset your password was sent to/).textContent).toContain('ada@example.com');
    await expectNoAxeViolations(container);
  });

  it("'Resend' sends it again and shows the toast 'Email resent'; a failure is an error toast", async () => {
    const { client } = renderPasswordScreen('password');
    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    await screen.findByRole('heading', { name: 'Forgot password?' });
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Email resent')).toBeTruthy();
    expect(client.passwords.resetByEmailStart).toHaveBeenCalledTimes(2);
    client.passwords.resetByEmailStart.mockRejectedValueOnce(apiError('too_many_requests', 'Too many emails.', 429));
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Too many emails.')).toBeTruthy();
  });

  it("'Login without a password' sends a magic link → 'Check your email'", async () => {
    const { client } = renderPasswordScreen('password', { config: { products: ['passwords', 'emailMagicLinks'] } });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    await screen.findByRole('heading', { name: 'Forgot password?' });
    fireEvent.click(screen.getByRole('button', { name: 'Login without a password' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(client.magicLinks.email.loginOrCreate).toHaveBeenCalledWith('ada@example.com', expect.any(Object));
  });

  it("'Login without a password' sends an email code when that is configured → 'Enter passcode'", async () => {
    const { client } = renderPasswordScreen('password', { config: { products: ['passwords', 'otp'], otpOptions: { methods: ['email'] } } });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    await screen.findByRole('heading', { name: 'Forgot password?' });
    fireEvent.click(screen.getByRole('button', { name: 'Login without a password' }));
    expect(await screen.findByRole('heading', { name: 'Enter passcode' })).toBeTruthy();
    expect(client.otps.email.loginOrCreate).toHaveBeenCalled();
  });

  it("hides 'Login without a password' when neither links nor email codes are configured; back goes to Main", async () => {
    renderPasswordScreen('password', { config: { products: ['passwords', 'otp'], otpOptions: { methods: ['sms'] } } });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    await screen.findByRole('heading', { name: 'Forgot password?' });
    expect(screen.queryByRole('button', { name: 'Login without a password' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });
});

describe('PasswordCreateOrLogin, passwordless user', () => {
  it("offers the configured code or link and 'Create a password', which sends the reset email → 'Check your email!'", async () => {
    const { client, container } = renderPasswordScreen('passwordless', {
      config: { products: ['passwords', 'otp'], otpOptions: { methods: ['email'] }, passwordOptions: PASSWORD_OPTIONS },
    });
    await expectNoAxeViolations(container);
    expect(screen.getByRole('button', { name: 'Email me a code' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Email me a login link' })).toBeNull();
    // The text names only what is offered: a code, not a link.
    expect(container.textContent).toContain('ada@example.com signs in without a password. Get a code by email, or create a password.');
    fireEvent.click(screen.getByRole('button', { name: 'Create a password' }));
    expect(await screen.findByRole('heading', { name: 'Check your email!' })).toBeTruthy();
    expect(client.passwords.resetByEmailStart).toHaveBeenCalledWith(expect.objectContaining({ email: 'ada@example.com', resetPasswordExpirationMinutes: 20 }));
    expect(screen.getByText(/A link to create your password was sent to/)).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('the text names only the ways offered: a link, both, or neither', () => {
    const cases: Array<[string[], object, string]> = [
      [['passwords', 'emailMagicLinks'], {}, 'Get a login link by email, or create a password.'],
      [['passwords', 'emailMagicLinks', 'otp'], { otpOptions: { methods: ['sms', 'email'] } }, 'Get a login link or a code by email, or create a password.'],
      [['passwords'], {}, 'Create a password to use one from now on.'],
    ];
    for (const [products, extra, text] of cases) {
      const { container, unmount } = renderPasswordScreen('passwordless', { config: { products: products as never, ...extra } });
      expect(container.textContent).toContain(text);
      unmount();
    }
  });

  it("'Email me a login link' sends a magic link", async () => {
    const { client } = renderPasswordScreen('passwordless', { config: { products: ['passwords', 'emailMagicLinks'] } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a login link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(client.magicLinks.email.loginOrCreate).toHaveBeenCalled();
  });
});

describe('Password-reset mount with a reset token', () => {
  function renderReset(client: FakeClient) {
    window.history.replaceState({}, '', '/reset?vestibule_token_type=reset_password&token=tok-9');
    const callbacks = { onEvent: vi.fn(), onError: vi.fn() };
    const view = render(
      <StrictMode>
        <VestibulePasswordReset client={client} config={{ products: ['passwords'] }} callbacks={callbacks} passwordResetToken="tok-9" />
      </StrictMode>,
    );
    return { callbacks, ...view };
  }

  async function typeNew(password: string) {
    fireEvent.change(passwordInput('New password'), { target: { value: password } });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(false));
  }

  it("shows 'Reset your password' with a new-password field; no email is shown, the link's email goes with the strength check", async () => {
    const client = fakeClient();
    const { container } = renderReset(client);
    await expectNoAxeViolations(container);
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect(container.querySelector('.vst-account-email')).toBeNull();
    expect(passwordInput('New password').getAttribute('autocomplete')).toBe('new-password');
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
    client.passwords.strengthCheck.mockResolvedValueOnce(strength({ score: 1, valid_password: false }));
    fireEvent.change(passwordInput('New password'), { target: { value: 'weak' } });
    await screen.findByText('Password strength: 1 of 4');
    await vi.waitFor(() => expect(client.passwords.strengthCheck).toHaveBeenCalledWith({ password: 'weak', email: 'ada@example.com' }));
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
    expect(client.magicLinks.authenticate).not.toHaveBeenCalled();
  });

  it('sets the password with the token, then Success! with the flow-complete events once', async () => {
    const client = fakeClient();
    const { callbacks, container } = renderReset(client);
    await typeNew('correct horse battery staple');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.passwords.resetByEmail).toHaveBeenCalledWith({ token: 'tok-9', password: 'correct horse battery staple', session_duration_minutes: 30 });
    await waitFor(() => expect(eventTypes(callbacks)).toContain('FLOW_COMPLETE'));
    const types = eventTypes(callbacks);
    expect(types.filter((t) => t === 'PASSWORD_RESET_BY_EMAIL')).toHaveLength(1);
    expect(types.filter((t) => t === 'FLOW_COMPLETE')).toHaveLength(1);
    await expectNoAxeViolations(container);
  });

  it('weak_password shows its catalogue message under the field', async () => {
    const client = fakeClient();
    client.passwords.resetByEmail.mockRejectedValue(apiError('weak_password', 'server text', 400));
    const { callbacks } = renderReset(client);
    await typeNew('correct horse battery staple');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The password is too weak or has appeared in a data breach. Please choose another password.');
    expect(callbacks.onError).toHaveBeenCalledWith(expect.objectContaining({ error_type: 'weak_password' }));
  });

  it('invalid_reset_token says the link no longer works and offers a new one (and tells onError)', async () => {
    const client = fakeClient();
    client.passwords.resetByEmail.mockRejectedValue(apiError('invalid_reset_token', 'server text', 401));
    const { callbacks } = renderReset(client);
    await typeNew('correct horse battery staple');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'This reset link no longer works' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Email me a new link' })).toBeTruthy();
    expect(callbacks.onError).toHaveBeenCalledWith(expect.objectContaining({ error_type: 'invalid_reset_token' }));
  });
});
