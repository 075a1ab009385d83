import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { VestibuleLogin } from '../../../src/index';
import { fakeClient } from '../../helpers';

/** The phone form's code: refused while `reachable` is false (a connection lost), and then loads. */
const network = vi.hoisted(() => ({ reachable: false, tries: 0 }));
vi.mock('../../../src/features/otps/screens/PhoneForm', async (importOriginal) => {
  network.tries += 1;
  if (!network.reachable) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});
vi.mock('../../../src/features/otps/phoneModule', (importOriginal) => import('./phone-never-arrives').then((m) => m.phoneNeverArrives(importOriginal)));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const phoneField = () => screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement;
const NOT_LOADED = 'The phone number form could not load. Check your connection, then try again.';

describe("a page opening on the Text tab whose form's code does not come", () => {
  it('says so under the field, keeps what was typed, and the button tries again', async () => {
    const client = fakeClient();
    render(
      <main>
        <h1>Host page</h1>
        <VestibuleLogin client={client} config={{ products: ['otp'], otpOptions: { methods: ['sms'] } }} />
      </main>,
    );
    fireEvent.change(phoneField(), { target: { value: '+1 500 555 0006' } });
    expect(await screen.findByText(NOT_LOADED)).toBeTruthy();
    expect(phoneField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Host page' })).toBeTruthy();
    expect(phoneField().value).toBe('+1 500 555 0006');

    network.reachable = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    // The form in the stand-in's place: its button sends.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue with text message' }).getAttribute('aria-busy')).toBeNull());
    expect(screen.queryByText(NOT_LOADED)).toBeNull();
    expect(phoneField().value).toBe('+1 500 555 0006');
    fireEvent.click(screen.getByRole('button', { name: 'Continue with text message' }));
    await waitFor(() => expect(client.otps.sms.loginOrCreate).toHaveBeenCalledTimes(1));
  });
});
