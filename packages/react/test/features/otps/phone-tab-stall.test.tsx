import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { VestibuleLogin } from '../../../src/index';
import { PHONE_TYPING_TIMEOUT_MS } from '../../../src/features/otps/screens/PhoneStandIn';
import { fakeClient } from '../../helpers';

// The phone form's code never arrives (a request that hangs).
vi.mock('../../../src/features/otps/screens/PhoneForm', () => new Promise(() => undefined));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("a page opening on the Text tab whose form's code hangs", () => {
  it('spins for PHONE_TYPING_TIMEOUT_MS, then says the form could not load and offers to try again', async () => {
    vi.useFakeTimers();
    render(<VestibuleLogin client={fakeClient()} config={{ products: ['otp'], otpOptions: { methods: ['sms'] } }} />);
    expect(screen.getByRole('status').textContent).toBe('Loading the phone number field...');
    // The fetch starts once the first frame is painted; the wait is timed from there.
    await act(() => vi.advanceTimersByTimeAsync(50));
    await act(() => vi.advanceTimersByTimeAsync(PHONE_TYPING_TIMEOUT_MS - 100));
    expect(screen.getByRole('button', { name: 'Continue with text message' }).getAttribute('aria-busy')).toBe('true');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('The phone number form could not load. Check your connection, then try again.')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect((screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
