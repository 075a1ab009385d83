import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { VestibuleLogin } from '../../../src/index';
import type { LoginConfig } from '../../../src/types';
import { loadPhoneForm } from '../../../src/features/otps/screens/PhoneTab';
import { expectNoAxeViolations, fakeClient } from '../../helpers';

/** The phone module never arrives (or fails), so the parsing time-outs apply. */
const loader = vi.hoisted(() => ({ mode: 'hang' as 'hang' | 'fail' }));
vi.mock('../../../src/features/otps/phoneModule', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/features/otps/phoneModule')>();
  return {
    ...original,
    phoneModuleIfLoaded: () => null,
    loadPhoneModule: () => (loader.mode === 'hang' ? new Promise(() => undefined) : Promise.reject(new Error('chunk failed'))),
  };
});

const SMS: LoginConfig = { products: ['otp'], otpOptions: { methods: ['sms'] } };

/** The login with the phone form drawn (the tab draws its room until the form's code is in). */
async function renderLogin(config: LoginConfig = SMS) {
  const client = fakeClient();
  const view = render(<VestibuleLogin client={client} config={config} />);
  await act(() => loadPhoneForm());
  return { client, ...view };
}

async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  loader.mode = 'hang';
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('phone form time-outs', () => {
  it('has no accessibility violations while the field loads', async () => {
    vi.useRealTimers();
    const { container } = await renderLogin();
    await expectNoAxeViolations(container);
  });

  it('on submit waits 2 s for the module, then sends the number as the country code plus the raw digits', async () => {
    const { client } = await renderLogin();
    const input = screen.getByRole('textbox', { name: 'Phone number' });
    fireEvent.change(input, { target: { value: '(500) 555-0006' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with text message' }));
    await flush();
    expect(screen.getByRole('button', { name: 'Continue with text message' }).getAttribute('aria-busy')).toBe('true');
    act(() => vi.advanceTimersByTime(1999));
    await flush();
    expect(client.otps.sms.loginOrCreate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    await flush();
    expect(client.otps.sms.loginOrCreate).toHaveBeenCalledExactlyOnceWith('+15005550006', { expirationMinutes: 5, locale: 'en' });
  });

  it('a number typed with its own + keeps it; an empty one is invalid', async () => {
    const { client } = await renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Continue with text message' }));
    await flush();
    act(() => vi.advanceTimersByTime(2000));
    await flush();
    expect(screen.getByText('Phone number format is invalid. Ensure the phone number is in the E.164 format.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone number' }), { target: { value: '+44 7700 900123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with text message' }));
    await flush();
    act(() => vi.advanceTimersByTime(2000));
    await flush();
    expect(client.otps.sms.loginOrCreate).toHaveBeenCalledWith('+447700900123', expect.anything());
  });

  it('while typing the placeholder shows a spinner for at most 10 s, then stays as a plain field', async () => {
    await renderLogin();
    expect(screen.getByRole('status').textContent).toBe('Loading the phone number field...');
    act(() => vi.advanceTimersByTime(9999));
    expect(screen.queryByText('Loading the phone number field...')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Loading the phone number field...')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toBeTruthy();
  });

  it('a module that fails to load gives the fallback at once (no 2 s wait)', async () => {
    loader.mode = 'fail';
    const { client } = await renderLogin({ products: ['otp'], otpOptions: { methods: ['whatsapp'] } });
    await flush();
    expect(screen.queryByText('Loading the phone number field...')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone number' }), { target: { value: '500 555 0006' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with WhatsApp' }));
    await flush();
    expect(client.otps.whatsapp.loginOrCreate).toHaveBeenCalledWith('+15005550006', expect.anything());
  });
});
