import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StrictMode } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { VestibuleLogin } from '../../../src/index';
import { formatRemaining } from '../../../src/features/otps/screens/OTPAuthenticate';
import { apiError, expectNoAxeViolations, fakeClient, loggedNames, OTP_SENT_RESPONSE, SESSION_RESPONSE } from '../../helpers';
import { loginFlow } from '../../../src/mounts/VestibuleLogin';
import { renderOtpScreen } from './otp-helpers';

// The screen is drawn directly, and its events are checked at once: what the login fetches after
// its first paint (the reducers, the effects) is in from the start.
beforeAll(() => loginFlow.preload());

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const code = () => screen.getByLabelText('6-digit passcode') as HTMLInputElement;

async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

describe('OTPAuthenticate', () => {
  it('has no accessibility violations; title, back arrow, destination in bold, the entry', async () => {
    const { container } = renderOtpScreen();
    await expectNoAxeViolations(container);
    expect(screen.getByRole('heading', { level: 1, name: 'Enter passcode' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    const sentTo = screen.getByText(/A 6-digit passcode was sent to you at/);
    expect(sentTo.textContent).toBe('A 6-digit passcode was sent to you at ada@example.com.');
    expect(sentTo.querySelector('b')?.textContent).toBe('ada@example.com');
    const input = code();
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('aria-describedby')).toBe(sentTo.id);
    expect(document.activeElement).toBe(input);
  });

  it('shows a phone number as formatted', () => {
    renderOtpScreen({ type: 'sms', otpDestination: '+15005550006', formattedDestination: '+1 (500) 555-0006' });
    expect(screen.getByText('+1 (500) 555-0006').tagName).toBe('B');
    // A phone number does not split after its country code; an email may wrap where it must.
    expect(screen.getByText('+1 (500) 555-0006').classList.contains('vst-destination--phone')).toBe(true);
  });

  it('an email destination is not kept on one line (long addresses wrap)', () => {
    renderOtpScreen();
    expect(screen.getByText('ada@example.com').classList.contains('vst-destination--phone')).toBe(false);
  });

  it('keeps digits only, at most 6, and submits at once on the 6th digit', async () => {
    const { client } = renderOtpScreen({ methodId: 'email-7' });
    fireEvent.change(code(), { target: { value: '1a2-3 ' } });
    expect(code().value).toBe('123');
    fireEvent.change(code(), { target: { value: '12345' } });
    expect(client.otps.authenticate).not.toHaveBeenCalled();
    fireEvent.change(code(), { target: { value: '1234567' } });
    expect(code().value).toBe('123456');
    expect(client.otps.authenticate).toHaveBeenCalledExactlyOnceWith('123456', 'email-7', { session_duration_minutes: 30 });
    await screen.findByRole('heading', { name: 'Success!' });
  });

  it('a pasted code is cleaned and submitted', async () => {
    const { client } = renderOtpScreen(
      {},
      { config: { products: ['otp'], otpOptions: { methods: ['email'] }, sessionOptions: { sessionDurationMinutes: 60 } } },
    );
    fireEvent.paste(code(), { clipboardData: { getData: () => ' 654 321\n' } });
    expect(client.otps.authenticate).toHaveBeenCalledExactlyOnceWith('654321', 'method-1', { session_duration_minutes: 60 });
    await screen.findByRole('heading', { name: 'Success!' });
  });

  it('shows a verifying progress bar while the code is checked', async () => {
    const client = fakeClient();
    let resolve: (value: typeof SESSION_RESPONSE) => void = () => undefined;
    client.otps.authenticate.mockImplementationOnce(() => new Promise((r) => (resolve = r)));
    const { container } = renderOtpScreen({}, { client });
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.change(code(), { target: { value: '123456' } });
    expect(screen.getByRole('progressbar', { name: 'Verifying passcode...' })).toBeTruthy();
    await expectNoAxeViolations(container);
    await act(async () => resolve(SESSION_RESPONSE));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
  });

  it.each([
    ['otp_code_not_found', 'not found', 'Invalid passcode, please try again.'],
    ['user_lock_limit_reached', 'locked', 'Too many failed authentication attempts. Please try again later.'],
    ['too_many_requests', 'Too many attempts; wait 60 seconds.', 'Too many attempts; wait 60 seconds.'],
  ])('a failure (%s) shows the message, clears and focuses the entry, stays', async (type, serverMessage, shown) => {
    const client = fakeClient();
    client.otps.authenticate.mockRejectedValueOnce(apiError(type, serverMessage, 401));
    const { callbacks, container } = renderOtpScreen({}, { client });
    fireEvent.change(code(), { target: { value: '000000' } });
    const message = await screen.findByText(shown);
    expect(code().value).toBe('');
    expect(document.activeElement).toBe(code());
    expect(code().getAttribute('aria-invalid')).toBe('true');
    expect(code().getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.getByRole('heading', { name: 'Enter passcode' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(callbacks.onError).toHaveBeenCalledWith({ error_type: type, message: shown });
    await expectNoAxeViolations(container);
    // Trying again works.
    fireEvent.change(code(), { target: { value: '123456' } });
    await screen.findByRole('heading', { name: 'Success!' });
  });

  it('the back arrow returns to Main', async () => {
    renderOtpScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
  });

  it('the countdown ticks every second and ends with "Your code has expired." offering the resend', () => {
    vi.useFakeTimers();
    renderOtpScreen({ expiresAt: Date.now() + 5 * 60_000 });
    expect(screen.getByText('Your code expires in 5:00.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Your code expires in 4:59.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Your code expires in 4:58.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(4 * 60_000 + 57_000));
    expect(screen.getByText('Your code expires in 0:01.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('status').textContent).toBe('Your code has expired.');
    expect(screen.queryByText(/Your code expires in/)).toBeNull();
    expect(code().disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeTruthy();
    expect(formatRemaining(65)).toBe('1:05');
    // In the digits of the widget's language where it has its own (Intl).
    expect(formatRemaining(65, 'ar-EG')).toBe('١:٠٥');
  });

  it('resend: sending, "Code sent" for 2 s, then back; toast "Email resent"; countdown restarts; methodId replaced', async () => {
    vi.useFakeTimers();
    const client = fakeClient();
    let resolve: (value: typeof OTP_SENT_RESPONSE) => void = () => undefined;
    client.otps.email.loginOrCreate.mockImplementationOnce(() => new Promise((r) => (resolve = r)));
    const { callbacks } = renderOtpScreen(
      { methodId: 'email-old', expiresAt: Date.now() + 5 * 60_000 },
      {
        client,
        config: { products: ['otp'], otpOptions: { methods: ['email'], expirationMinutes: 5, loginTemplateId: 'l', locale: 'de' } },
      },
    );
    act(() => vi.advanceTimersByTime(5 * 60_000));
    expect(screen.getByText('Your code has expired.')).toBeTruthy();

    const resend = screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement;
    expect(resend.dataset.resendStatus).toBe('initial');
    fireEvent.click(resend);
    expect(resend.dataset.resendStatus).toBe('sending');
    expect(resend.disabled).toBe(true);
    expect(resend.getAttribute('aria-busy')).toBe('true');
    expect(client.otps.email.loginOrCreate).toHaveBeenCalledExactlyOnceWith('ada@example.com', {
      expirationMinutes: 5,
      loginTemplateId: 'l',
      signupTemplateId: undefined,
      locale: 'de',
    });
    await act(async () => resolve({ ...OTP_SENT_RESPONSE, method_id: 'email-new' }));
    await flush();

    const sent = screen.getByRole('button', { name: 'Code sent' }) as HTMLButtonElement;
    expect(sent.dataset.resendStatus).toBe('sent');
    expect(screen.getByText('Email resent').closest('[data-toast-type]')?.getAttribute('data-toast-type')).toBe('success');
    expect(screen.getByText('Your code expires in 5:00.')).toBeTruthy();
    expect(code().disabled).toBe(false);
    expect(callbacks.onEvent).toHaveBeenCalledWith({ type: 'OTP_LOGIN_OR_CREATE', data: { ...OTP_SENT_RESPONSE, method_id: 'email-new' } });
    expect(client.events.log).toHaveBeenCalledWith('email_sent', { email: 'ada@example.com', type: 'email_otp' });

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Code sent' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    const again = screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement;
    expect(again.dataset.resendStatus).toBe('waiting');
    expect(again.disabled).toBe(false);
    expect(screen.queryByText('Email resent')).toBeNull(); // success toasts last 2 s

    fireEvent.change(code(), { target: { value: '123456' } });
    expect(client.otps.authenticate).toHaveBeenCalledWith('123456', 'email-new', { session_duration_minutes: 30 });
  });

  it('resend by SMS says "Code resent"; a failed resend is an error toast and goes to onError', async () => {
    vi.useFakeTimers();
    const client = fakeClient();
    const { callbacks, container } = renderOtpScreen(
      { type: 'sms', otpDestination: '+15005550006', formattedDestination: '+1 (500) 555-0006' },
      { client, config: { products: ['otp'], otpOptions: { methods: ['sms'], locale: 'en' } } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await flush();
    expect(client.otps.sms.loginOrCreate).toHaveBeenCalledExactlyOnceWith('+15005550006', { expirationMinutes: 5, locale: 'en' });
    expect(screen.getByText('Code resent')).toBeTruthy();
    expect(loggedNames(client)).not.toContain('email_sent');
    act(() => vi.advanceTimersByTime(2000));

    client.otps.sms.loginOrCreate.mockRejectedValueOnce(apiError('too_many_requests', 'Too many codes; wait a minute.', 429));
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await flush();
    const toast = screen.getByText('Too many codes; wait a minute.');
    expect(toast.closest('[data-toast-type]')?.getAttribute('data-toast-type')).toBe('error');
    expect(callbacks.onError).toHaveBeenCalledWith({ error_type: 'too_many_requests', message: 'Too many codes; wait a minute.' });
    expect((screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement).dataset.resendStatus).toBe('initial');
    vi.useRealTimers();
    await expectNoAxeViolations(container);
  });
});

describe('OTPConfirmation', () => {
  it('shows success and fires authenticate-flow-complete once, even in strict mode', async () => {
    const client = fakeClient();
    const callbacks = { onEvent: vi.fn(), onError: vi.fn() };
    const { container } = render(
      <StrictMode>
        <VestibuleLogin client={client} config={{ products: ['otp'], otpOptions: { methods: ['email'] } }} callbacks={callbacks} />
      </StrictMode>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
    await screen.findByRole('heading', { name: 'Enter passcode' });
    await waitFor(() => expect(document.activeElement).toBe(code()));
    fireEvent.change(code(), { target: { value: '123456' } });
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(screen.getByText('Your passcode has been successfully verified.')).toBeTruthy();
    await expectNoAxeViolations(container);
    await waitFor(() => expect(loggedNames(client)).toContain('authenticate_flow_complete'));
    expect(loggedNames(client).filter((n) => n === 'authenticate_flow_complete')).toHaveLength(1);
    expect(loggedNames(client)).not.toContain('flow_complete');
    const types = callbacks.onEvent.mock.calls.map((c) => (c[0] as { type: string }).type);
    expect(types).toEqual(['OTP_LOGIN_OR_CREATE', 'OTP_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
    expect(callbacks.onEvent).toHaveBeenCalledWith({ type: 'OTP_AUTHENTICATE', data: SESSION_RESPONSE });
  });
});
