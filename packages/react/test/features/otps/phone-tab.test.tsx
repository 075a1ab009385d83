import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { VestibuleLogin } from '../../../src/index';
import { loadPhoneForm } from '../../../src/features/otps/screens/PhoneTab';
import type { LoginConfig } from '../../../src/types';
import { fakeClient } from '../../helpers';

/**
 * The Text and WhatsApp tabs' form is not in the login's first load: fetched after the first paint,
 * drawn at once when its tab is chosen later, and when a page opens on it, its room comes first.
 * (The order matters: the form's code is fetched once per file.)
 */
const formEvaluated = vi.hoisted(() => vi.fn());
vi.mock('../../../src/features/otps/screens/PhoneForm', async (importOriginal) => {
  formEvaluated();
  return importOriginal();
});
// The phone field itself never arrives here: the stand-in is what the form draws.
vi.mock('../../../src/features/otps/phoneModule', (importOriginal) => import('./phone-never-arrives').then((m) => m.phoneNeverArrives(importOriginal)));

afterEach(cleanup);

const EMAIL_FIRST: LoginConfig = { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms', 'whatsapp'] } };
const phoneField = () => screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement;

describe('the phone tabs load after the first paint', () => {
  it('with the Email tab first: fetched after the paint, and the Text tab shows the form at once', async () => {
    render(<VestibuleLogin client={fakeClient()} config={EMAIL_FIRST} />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(formEvaluated).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(formEvaluated).toHaveBeenCalledTimes(1));
    // Started by the widget (the code was evaluated before this call): this waits for that load.
    await act(() => loadPhoneForm());

    fireEvent.click(screen.getByRole('tab', { name: 'Text' }));
    expect(phoneField().readOnly).toBe(false);
    fireEvent.change(phoneField(), { target: { value: '500 555 0006' } });
    expect(phoneField().value).toBe('500 555 0006');
    expect((screen.getByRole('button', { name: 'Continue with text message' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
