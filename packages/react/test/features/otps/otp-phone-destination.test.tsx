import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { VestibuleLogin } from '../../../src/index';
import * as phone from '../../../src/phone';
import { resolvePhone } from '../../../src/features/otps/phoneModule';
import { apiError, expectNoAxeViolations, fakeClient } from '../../helpers';

/** The real phone module (libphonenumber-js with its 'min' metadata), not a mock. */
afterEach(cleanup);

const throwing: phone.PhoneParser = () => {
  throw new Error('metadata missing');
};
/** The phone module as it loads, except that its parser throws. */
const withThrowingParser: typeof phone = {
  ...phone,
  parsePhone: (value, country) => phone.parsePhone(value, country, throwing),
};

describe('resolvePhone with the real phone module', () => {
  it('sends E.164 and shows the international form: a UK mobile typed nationally reads +44 7911 123456', () => {
    expect(resolvePhone(phone, '07911 123456', 'GB')).toEqual({ e164: '+447911123456', formatted: '+44 7911 123456' });
    expect(resolvePhone(phone, '(202) 555-0123', 'US')).toEqual({ e164: '+12025550123', formatted: '+1 202 555 0123' });
    expect(resolvePhone(phone, '+44 20 7946 0958', 'US')).toEqual({ e164: '+442079460958', formatted: '+44 20 7946 0958' });
  });

  it('refuses an invalid number', () => {
    expect(resolvePhone(phone, '07911', 'GB')).toBeNull();
  });

  it('a parser that throws: the number is treated as valid and sent as the country code plus the raw number', () => {
    expect(resolvePhone(withThrowingParser, '07911 123456', 'GB')).toEqual({ e164: '+4407911123456', formatted: '+4407911123456' });
    expect(resolvePhone(withThrowingParser, '12', 'US')).toEqual({ e164: '+112', formatted: '+112' });
    // Nothing typed is still nothing to send.
    expect(resolvePhone(withThrowingParser, '', 'US')).toBeNull();
  });
});

describe('OTPAuthenticate shows the destination in international form', () => {
  it('GB, 07911 123456: sent as +447911123456, shown as +44 7911 123456', async () => {
    const client = fakeClient();
    const { container } = render(<VestibuleLogin client={client} config={{ products: ['otp'], otpOptions: { methods: ['sms'] } }} />);
    const country = await screen.findByRole('combobox', { name: 'Country' });
    fireEvent.change(country, { target: { value: 'GB' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone number' }), { target: { value: '07911 123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with text message' }));
    await waitFor(() => expect(client.otps.sms.loginOrCreate).toHaveBeenCalledWith('+447911123456', expect.anything()));
    await screen.findByRole('heading', { name: 'Enter passcode' });
    expect(screen.getByText('+44 7911 123456').tagName).toBe('B');
    expect(screen.queryByText('+44 07911 123456')).toBeNull();
    await expectNoAxeViolations(container);
  });
});

describe("when the project's text budget is spent", () => {
  it('says so in plain words on the phone form and points to another way in; the number stays as typed', async () => {
    const client = fakeClient();
    client.otps.sms.loginOrCreate.mockRejectedValueOnce(apiError('text_message_budget_exceeded', 'Texts are not sent now.', 503));
    const { container } = render(<VestibuleLogin client={client} config={{ products: ['otp', 'emailMagicLinks'], otpOptions: { methods: ['sms'] } }} />);
    const phone = (await screen.findByRole('textbox', { name: 'Phone number' })) as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '(650) 253-0000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with text message' }));
    // Announced, tied to the field, in the catalogue's words rather than the server's.
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe("We can't send a text message right now. Please use another way to sign in or try again later.");
    expect((screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement).value).toBe('(650) 253-0000');
    // Another way in is right there: the email tab.
    expect(screen.getByRole('tab', { name: 'Email' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });
});
