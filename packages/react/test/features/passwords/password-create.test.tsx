import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PasswordStrengthCheckResponse } from '@vestibule/contract';
import { apiError, expectNoAxeViolations, fakeClient } from '../../helpers';
import { passwordInput, renderPasswordScreen, strength, typePassword } from './password-helpers';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function openCreateForm() {
  fireEvent.click(screen.getByRole('button', { name: 'Create a password' }));
}

function continueButton() {
  return screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
}

describe('PasswordCreateOrLogin, new user: the create form', () => {
  it('has no accessibility violations, with choices and with the form and its feedback', async () => {
    const client = fakeClient();
    client.passwords.strengthCheck.mockResolvedValue(
      strength({
        score: 2,
        valid_password: false,
        feedback: { warning: 'This is a commonly used password.', suggestions: ['Add more words that are less common.'], luds_requirements: null },
      }),
    );
    const { container } = renderPasswordScreen('new', { client, config: { products: ['passwords', 'emailMagicLinks'] } });
    await expectNoAxeViolations(container);
    openCreateForm();
    fireEvent.change(passwordInput(), { target: { value: 'password1' } });
    await screen.findByText('Password strength: 2 of 4');
    await expectNoAxeViolations(container);
  });

  it('says why when the strength check fails, and clears it once a check answers', async () => {
    const client = fakeClient();
    client.passwords.strengthCheck.mockRejectedValueOnce(apiError('too_many_requests', 'Too many strength checks. Please try again later.'));
    client.passwords.strengthCheck.mockResolvedValue(strength({ score: 4, valid_password: true }));
    renderPasswordScreen('new', { client, config: { products: ['passwords'] } });
    fireEvent.change(passwordInput(), { target: { value: 'first-try' } });
    expect(await screen.findByText('Too many strength checks. Please try again later.')).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
    fireEvent.change(passwordInput(), { target: { value: 'Quartz-Lantern-Fjord-58' } });
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    expect(screen.queryByText('Too many strength checks. Please try again later.')).toBeNull();
  });

  it("offers 'Create a password' and, as configured, 'Email me a login link' / 'Email me a code'", () => {
    renderPasswordScreen('new', { config: { products: ['passwords', 'emailMagicLinks'] } });
    expect(screen.getByRole('heading', { name: 'Create an account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Email me a login link' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Email me a code' })).toBeNull();
    cleanup();
    renderPasswordScreen('new', { config: { products: ['passwords', 'otp'], otpOptions: { methods: ['email'] } } });
    expect(screen.getByRole('button', { name: 'Email me a code' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Email me a login link' })).toBeNull();
  });

  it("'Email me a login link' sends the magic link with the email and shows 'Check your email'", async () => {
    const { client } = renderPasswordScreen('new', { config: { products: ['passwords', 'emailMagicLinks'] } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a login link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(client.magicLinks.email.loginOrCreate).toHaveBeenCalledWith('ada@example.com', expect.any(Object));
  });

  it("'Email me a code' sends an email passcode and goes to 'Enter passcode'", async () => {
    const { client } = renderPasswordScreen('new', { config: { products: ['passwords', 'otp'], otpOptions: { methods: ['email'] } } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByRole('heading', { name: 'Enter passcode' })).toBeTruthy();
    expect(client.otps.email.loginOrCreate).toHaveBeenCalledWith('ada@example.com', expect.objectContaining({ expirationMinutes: 5 }));
  });

  it('shows the form at once when passwords are the only email method; the email is shown and in the username field', () => {
    const { container } = renderPasswordScreen('new');
    expect(container.querySelector('.vst-account-email')?.textContent).toBe('ada@example.com');
    const email = container.querySelector<HTMLInputElement>('input[autocomplete="username"]');
    expect(email?.value).toBe('ada@example.com');
    expect(email?.readOnly).toBe(true);
    const input = passwordInput();
    expect(input.type).toBe('password');
    expect(input.getAttribute('autocomplete')).toBe('new-password');
  });

  it('the show/hide toggle is a button with aria-pressed that switches the input type', () => {
    renderPasswordScreen('new');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(passwordInput().type).toBe('text');
    fireEvent.click(toggle);
    expect(passwordInput().type).toBe('password');
  });

  it('debounces the strength check by 250 ms and sends the email with it; Continue waits for valid_password', async () => {
    vi.useFakeTimers();
    const client = fakeClient();
    client.passwords.strengthCheck.mockResolvedValue(strength({ score: 1, valid_password: false }));
    renderPasswordScreen('new', { client });
    expect(continueButton().disabled).toBe(true);
    for (const v of ['c', 'co', 'cor']) fireEvent.change(passwordInput(), { target: { value: v } });
    act(() => {
      vi.advanceTimersByTime(249);
    });
    expect(client.passwords.strengthCheck).not.toHaveBeenCalled();
    await typePassword('corr');
    expect(client.passwords.strengthCheck).toHaveBeenCalledTimes(1);
    expect(client.passwords.strengthCheck).toHaveBeenCalledWith({ password: 'corr', email: 'ada@example.com' });
    expect(continueButton().disabled).toBe(true);

    client.passwords.strengthCheck.mockResolvedValue(strength({ score: 4, valid_password: true }));
    await typePassword('correct horse battery staple');
    expect(continueButton().disabled).toBe(false);
    // A change makes the answer stale: disabled again until the new password is checked.
    fireEvent.change(passwordInput(), { target: { value: 'correct horse battery stapl' } });
    expect(continueButton().disabled).toBe(true);
  });

  it('ignores an answer that arrives after a newer one (out of order)', async () => {
    vi.useFakeTimers();
    const client = fakeClient();
    const pending: Record<string, (r: PasswordStrengthCheckResponse) => void> = {};
    client.passwords.strengthCheck.mockImplementation(({ password }) => new Promise((resolve) => (pending[password] = resolve)));
    renderPasswordScreen('new', { client });
    await typePassword('first');
    await typePassword('second one');
    await act(async () => pending['second one']!(strength({ score: 4, valid_password: true })));
    await act(async () => pending.first!(strength({ score: 0, valid_password: false })));
    expect(screen.getByText('Password strength: 4 of 4')).toBeTruthy();
    expect(continueButton().disabled).toBe(false);
  });

  it.each([
    [0, 1, 'weak'],
    [1, 1, 'weak'],
    [2, 2, 'weak'],
    [3, 3, 'strong'],
    [4, 4, 'strong'],
  ])('zxcvbn score %i fills %i of 4 segments, %s (red or green)', async (score, filled, kind) => {
    vi.useFakeTimers();
    const client = fakeClient();
    client.passwords.strengthCheck.mockResolvedValue(strength({ score, valid_password: score >= 3 }));
    const { container } = renderPasswordScreen('new', { client });
    await typePassword('some password');
    const bar = container.querySelector('.vst-strength')!;
    expect(bar.classList.contains(`vst-strength--${kind}`)).toBe(true);
    expect(container.querySelectorAll('.vst-strength-segment')).toHaveLength(4);
    expect(container.querySelectorAll('.vst-strength-segment--filled')).toHaveLength(filled);
    expect(screen.getByText(`Password strength: ${score} of 4`)).toBeTruthy();
  });

  it('shows the warning and suggestions, known ones by hint kind and translatable through strings; unknown as they come', async () => {
    vi.useFakeTimers();
    const client = fakeClient();
    client.passwords.strengthCheck.mockResolvedValue(
      strength({
        score: 0,
        valid_password: false,
        feedback: {
          warning: 'This is a commonly used password.',
          suggestions: ['Avoid repeated words and characters.', 'Avoid recent years.', 'Something new from the server.'],
          luds_requirements: null,
        },
      }),
    );
    const { container } = renderPasswordScreen('new', {
      client,
      strings: { 'This is a commonly used password.': 'Ein häufig benutztes Passwort.', zxcvbnSuggestRecentYears: 'Keine neuen Jahre.' },
    });
    await typePassword('password');
    const warning = container.querySelector('.vst-strength-warning')!;
    expect(warning.textContent).toBe('Ein häufig benutztes Passwort.');
    expect(warning.getAttribute('data-hint')).toBe('common-password');
    const items = [...container.querySelectorAll('.vst-strength-suggestions li')];
    expect(items.map((li) => [li.textContent, li.getAttribute('data-hint')])).toEqual([
      ['Avoid repeated words and characters.', 'repeat'],
      ['Keine neuen Jahre.', 'year'],
      ['Something new from the server.', 'other'],
    ]);
  });

  it.each([
    ['Common character sequences like "abc" are easy to guess.', 'sequence'],
    ['Straight rows of keys on your keyboard are easy to guess.', 'keyboard-pattern'],
    ['Dates are easy to guess.', 'date'],
    ['Common names and surnames are easy to guess.', 'name'],
    ['Recent years are easy to guess.', 'year'],
    ['Repeated characters like "aaa" are easy to guess.', 'repeat'],
  ])('maps the warning %j to the hint kind %s', async (warning, kind) => {
    vi.useFakeTimers();
    const client = fakeClient();
    client.passwords.strengthCheck.mockResolvedValue(
      strength({ score: 1, valid_password: false, feedback: { warning, suggestions: [], luds_requirements: null } }),
    );
    const { container } = renderPasswordScreen('new', { client });
    await typePassword('x');
    expect(container.querySelector('.vst-strength-warning')?.getAttribute('data-hint')).toBe(kind);
  });

  it('LUDS: two checklist lines with the counts from the bootstrap, each met or not', async () => {
    vi.useFakeTimers();
    const client = fakeClient({ bootstrap: { passwordConfig: { ludsComplexity: 2, ludsMinimumCount: 10 } } });
    client.passwords.strengthCheck.mockResolvedValue(
      strength({
        score: 2,
        valid_password: false,
        strength_policy: 'luds',
        feedback: {
          warning: '',
          suggestions: [],
          luds_requirements: { has_lower_case: true, has_upper_case: true, has_digit: false, has_symbol: false, missing_complexity: 0, missing_characters: 3 },
        },
      }),
    );
    const { container } = renderPasswordScreen('new', { client });
    await typePassword('Abcdefg');
    const items = [...container.querySelectorAll('.vst-luds-item')];
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Must be at least 10 characters long');
    expect(items[0]!.getAttribute('data-met')).toBe('false');
    expect(items[0]!.textContent).toContain('(not met)');
    expect(items[1]!.textContent).toContain('Must contain 2 of the following: uppercase letter, lowercase letter, number, symbol');
    expect(items[1]!.getAttribute('data-met')).toBe('true');
    expect(container.querySelector('.vst-strength-bar')).toBeNull();
  });

  it('shows the breached warning', async () => {
    vi.useFakeTimers();
    const client = fakeClient();
    client.passwords.strengthCheck.mockResolvedValue(strength({ score: 4, valid_password: false, breached_password: true }));
    renderPasswordScreen('new', { client });
    await typePassword('Tr0ub4dour&3');
    expect(
      screen.getByText('This password may have been used on a different site that experienced a security issue. Please choose another password.'),
    ).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
  });

  it('policy none: no strength feedback, and Continue is enabled once the server says the password is valid', async () => {
    vi.useFakeTimers();
    const client = fakeClient();
    client.passwords.strengthCheck.mockResolvedValue(
      strength({ score: 4, valid_password: true, strength_policy: 'none', feedback: { warning: '', suggestions: [], luds_requirements: null } }),
    );
    const { container } = renderPasswordScreen('new', { client });
    await typePassword('a');
    expect(container.querySelector('.vst-strength-feedback')).toBeNull();
    expect(container.querySelector('.vst-strength-bar, .vst-luds')).toBeNull();
    expect(continueButton().disabled).toBe(false);
  });

  it('policy none still says why a breached password is refused', async () => {
    vi.useFakeTimers();
    const client = fakeClient();
    client.passwords.strengthCheck.mockResolvedValue(
      strength({
        score: 4,
        valid_password: false,
        breached_password: true,
        strength_policy: 'none',
        feedback: { warning: '', suggestions: [], luds_requirements: null },
      }),
    );
    const { container } = renderPasswordScreen('new', { client });
    await typePassword('password1');
    expect(container.querySelector('.vst-strength-bar, .vst-luds')).toBeNull();
    expect(screen.getByText(/may have been used on a different site/)).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
  });

  it('before the first answer nothing is shown and Continue stays disabled', async () => {
    vi.useFakeTimers();
    const client = fakeClient();
    client.passwords.strengthCheck.mockImplementation(() => new Promise(() => undefined));
    const { container } = renderPasswordScreen('new', { client });
    await typePassword('whatever');
    expect(container.querySelector('.vst-strength-feedback')).toBeNull();
    expect(continueButton().disabled).toBe(true);
  });

  it('creates the account with the session duration, then Success! with the flow-complete events once', async () => {
    vi.useFakeTimers();
    const client = fakeClient();
    const { callbacks } = renderPasswordScreen('new', { client, config: { products: ['passwords'], sessionOptions: { sessionDurationMinutes: 60 } } });
    await typePassword('correct horse battery staple');
    fireEvent.click(continueButton());
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(screen.getByText('You have successfully logged in.')).toBeTruthy();
    expect(client.passwords.create).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'correct horse battery staple', session_duration_minutes: 60 });
    await waitFor(() => expect(callbacks.onEvent).toHaveBeenCalledWith({ type: 'FLOW_COMPLETE', data: null }));
    const types = callbacks.onEvent.mock.calls.map((c) => (c[0] as { type: string }).type);
    expect(types.filter((t) => t === 'PASSWORD_CREATE')).toHaveLength(1);
    expect(types.filter((t) => t === 'AUTHENTICATE_FLOW_COMPLETE')).toHaveLength(1);
    expect(types.filter((t) => t === 'FLOW_COMPLETE')).toHaveLength(1);
  });

  it('reset_password from create: the reset email goes out, then PasswordDedupe with the notice', async () => {
    vi.useFakeTimers();
    const client = fakeClient();
    client.passwords.create.mockRejectedValue(apiError('reset_password', 'Password must be reset.', 400));
    renderPasswordScreen('new', { client, config: { products: ['passwords'], passwordOptions: { resetPasswordRedirectURL: 'http://localhost:3000/reset' } } });
    await typePassword('correct horse battery staple');
    fireEvent.click(continueButton());
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { name: 'Check your email to set a new password' })).toBeTruthy();
    expect(client.passwords.resetByEmailStart).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'ada@example.com', resetPasswordRedirectUrl: 'http://localhost:3000/reset' }),
    );
    expect(screen.getByRole('status').textContent).toContain('Check your email to set a new password!');
  });

  it('a duplicate_email or weak_password answer shows its catalogue message under the field', async () => {
    vi.useFakeTimers();
    const client = fakeClient();
    client.passwords.create.mockRejectedValue(apiError('weak_password', 'server text', 400));
    renderPasswordScreen('new', { client });
    await typePassword('correct horse battery staple');
    fireEvent.click(continueButton());
    vi.useRealTimers();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('The password is too weak or has appeared in a data breach. Please choose another password.'),
    );
    expect(passwordInput().getAttribute('aria-invalid')).toBe('true');
  });
});
