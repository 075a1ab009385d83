import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { VestibuleLogin } from '../../../src/index';
import { fakeClient } from '../../helpers';

/** The phone form's code arrives when the test says (its chunk on a slow network). */
const gate = vi.hoisted(() => {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open() };
});
vi.mock('../../../src/features/otps/screens/PhoneForm', async (importOriginal) => {
  await gate.opened;
  return importOriginal();
});
// The phone field itself never arrives here: the stand-in is what the form draws.
vi.mock('../../../src/features/otps/phoneModule', (importOriginal) => import('./phone-never-arrives').then((m) => m.phoneNeverArrives(importOriginal)));

afterEach(cleanup);

const phoneField = () => screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement;
const button = () => screen.getByRole('button', { name: 'Continue with text message' }) as HTMLButtonElement;

describe('a page opening on the Text tab (its form loads after the first paint)', () => {
  it('draws the stand-in field first; what the user types there, and the caret, go over to the form', async () => {
    const client = fakeClient();
    render(<VestibuleLogin client={client} config={{ products: ['otp'], otpOptions: { methods: ['sms'] } }} />);
    const standIn = phoneField();
    expect(standIn.placeholder).toBe('(123) 456-7890');
    expect(button().getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Loading the phone number field...');
    standIn.focus();
    fireEvent.change(standIn, { target: { value: '+1 500 555' } });
    standIn.setSelectionRange(4, 4);

    await act(async () => gate.open());
    await waitFor(() => expect(button().getAttribute('aria-busy')).toBeNull());
    const field = phoneField();
    expect(field).not.toBe(standIn);
    expect(field.value).toBe('+1 500 555');
    expect(document.activeElement).toBe(field);
    expect(field.selectionStart).toBe(4);

    fireEvent.change(field, { target: { value: '+1 500 555 0006' } });
    fireEvent.click(button());
    await waitFor(() => expect(client.otps.sms.loginOrCreate).toHaveBeenCalledTimes(1));
  });
});
