import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { apiError, expectNoAxeViolations, fakeClient, OTP_SENT_RESPONSE } from '../../helpers';
import { renderOtpScreen } from './otp-helpers';

/** Issue 11: the six slots of the passcode entry, its error look, and a code that no longer works. */

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const code = () => screen.getByLabelText('6-digit passcode') as HTMLInputElement;
const slots = (container: HTMLElement) => [...container.querySelectorAll('.vst-code-slot')];
const DEAD = 'This passcode no longer works. Please request a new one.';

async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

describe('passcode entry', () => {
  it('draws six slots, hidden from assistive technology, over one real input', () => {
    const { container } = renderOtpScreen();
    expect(slots(container)).toHaveLength(6);
    expect(container.querySelector('.vst-code-slots')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelectorAll('input')).toHaveLength(1);
    fireEvent.change(code(), { target: { value: '12' } });
    expect(slots(container).map((slot) => slot.textContent)).toEqual(['1', '2', '', '', '', '']);
    // The next digit's slot is the current one.
    expect(slots(container)[2]!.classList.contains('vst-code-slot--current')).toBe(true);
  });

  it('a wrong code turns the slots red; the input is aria-invalid and described by the alert', async () => {
    const client = fakeClient();
    client.otps.authenticate.mockRejectedValueOnce(apiError('otp_code_not_found', 'not found', 401));
    const { container } = renderOtpScreen({}, { client });
    fireEvent.change(code(), { target: { value: '000000' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid passcode, please try again.');
    expect(container.querySelector('.vst-code')?.classList.contains('vst-code--invalid')).toBe(true);
    expect(code().getAttribute('aria-invalid')).toBe('true');
    expect(code().getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(code().disabled).toBe(false);
  });

  it('a dead code (otp_code_expired) says it no longer works, disables the entry and focuses resend', async () => {
    const client = fakeClient();
    client.otps.authenticate.mockRejectedValueOnce(apiError('otp_code_expired', 'This passcode no longer works. Please request a new one.', 401));
    const { container, callbacks } = renderOtpScreen({ methodId: 'email-old' }, { client });
    fireEvent.change(code(), { target: { value: '123456' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(DEAD);
    expect(screen.queryByText(/try again/)).toBeNull();
    expect(code().disabled).toBe(true);
    expect(container.querySelector('.vst-code')?.classList.contains('vst-code--disabled')).toBe(true);
    // The countdown would contradict the message.
    expect(screen.queryByText(/Your code expires in/)).toBeNull();
    const resend = screen.getByRole('button', { name: 'Resend code' });
    expect(document.activeElement).toBe(resend);
    expect(resend.getAttribute('aria-describedby')).toBe(alert.id);
    expect(callbacks.onError).toHaveBeenCalledWith({ error_type: 'otp_code_expired', message: DEAD });
    await expectNoAxeViolations(container);

    // A new code: the entry is back, empty and focused, and takes the new method id.
    client.otps.email.loginOrCreate.mockResolvedValueOnce({ ...OTP_SENT_RESPONSE, method_id: 'email-new' });
    fireEvent.click(resend);
    await flush();
    expect(screen.queryByText(DEAD)).toBeNull();
    expect(code().disabled).toBe(false);
    expect(document.activeElement).toBe(code());
    fireEvent.change(code(), { target: { value: '654321' } });
    expect(client.otps.authenticate).toHaveBeenLastCalledWith('654321', 'email-new', { session_duration_minutes: 30 });
  });

  it('when the countdown ends in the entry, the slots grey out and focus moves to resend', async () => {
    vi.useFakeTimers();
    const { container } = renderOtpScreen({ expiresAt: Date.now() + 60_000 });
    expect(document.activeElement).toBe(code());
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('status').textContent).toBe('Your code has expired.');
    expect(code().disabled).toBe(true);
    expect(container.querySelector('.vst-code')?.classList.contains('vst-code--disabled')).toBe(true);
    const resend = screen.getByRole('button', { name: 'Resend code' });
    expect(document.activeElement).toBe(resend);
    expect(resend.getAttribute('aria-describedby')).toBe(screen.getByRole('status').id);
    vi.useRealTimers();
    await expectNoAxeViolations(container);
  });
});
