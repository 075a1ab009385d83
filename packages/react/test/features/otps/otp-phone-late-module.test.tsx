import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { VestibuleLogin } from '../../../src/index';
import * as phone from '../../../src/phone';
import { loadPhoneForm } from '../../../src/features/otps/screens/PhoneTab';
import { fakeClient } from '../../helpers';

/**
 * The phone module arrives while the user is typing in the stand-in field: the real field replaces
 * that element, and the keys typed after the swap must land in it (a browser test once lost them).
 */
const arrival = vi.hoisted(() => ({ release: (): void => undefined }));
vi.mock('../../../src/features/otps/phoneModule', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/features/otps/phoneModule')>();
  return {
    ...original,
    phoneModuleIfLoaded: () => null,
    loadPhoneModule: () =>
      new Promise<typeof phone>((resolve) => {
        arrival.release = () => resolve(phone);
      }),
  };
});

afterEach(cleanup);

const SMS = { products: ['otp' as const], otpOptions: { methods: ['sms' as const] } };

describe('the phone module arriving mid-typing', () => {
  it('keeps the focus, the caret and the value in the field that takes over', async () => {
    render(<VestibuleLogin client={fakeClient()} config={SMS} />);
    await act(() => loadPhoneForm());
    const standIn = screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement;
    standIn.focus();
    fireEvent.change(standIn, { target: { value: '+44 79' } });
    standIn.setSelectionRange(6, 6);

    await act(async () => arrival.release());

    const field = screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement;
    expect(screen.getByRole('combobox', { name: 'Country' })).toBeTruthy();
    expect(field).not.toBe(standIn);
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe('+44 79');
    expect(field.selectionStart).toBe(6);
  });

  it('leaves the focus alone when the user was not in the field', async () => {
    render(<VestibuleLogin client={fakeClient()} config={SMS} />);
    await act(() => loadPhoneForm());
    const button = screen.getByRole('button', { name: 'Continue with text message' });
    button.focus();

    await act(async () => arrival.release());

    expect(screen.getByRole('combobox', { name: 'Country' })).toBeTruthy();
    expect(document.activeElement).toBe(button);
  });
});
