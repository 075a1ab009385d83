import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { VestibuleLogin } from '../../../src/index';
import type { LoginConfig } from '../../../src/types';
import { mainTabs } from '../../../src/main/layout';
import { loginFlow } from '../../../src/mounts/VestibuleLogin';
import { apiError, expectNoAxeViolations, fakeClient, loggedNames, OTP_SENT_RESPONSE, type FakeClient } from '../../helpers';

/** The phone module, mocked: a plain field; valid numbers have 10 digits; 'boom' makes parsing throw. */
const phoneModuleEvaluated = vi.hoisted(() => vi.fn());
vi.mock('../../../src/phone', () => {
  phoneModuleEvaluated();
  const calling: Record<string, string> = { US: '1', GB: '44' };
  function PhoneField(props: {
    id: string;
    label: string;
    country: string;
    onCountryChange(c: string): void;
    value: string;
    onValueChange(v: string): void;
    error?: string;
    disabled?: boolean;
    placeholder?: string;
    countryLabel?: string;
  }) {
    return (
      <div className="vst-field" data-testid="phone-field">
        <label htmlFor={props.id}>{props.label}</label>
        <select
          id={`${props.id}-country`}
          aria-label={props.countryLabel ?? 'Country'}
          value={props.country}
          onChange={(e: ChangeEvent<HTMLSelectElement>) => props.onCountryChange(e.target.value)}
        >
          <option value="US">US +1</option>
          <option value="GB">GB +44</option>
        </select>
        <input
          id={props.id}
          type="tel"
          required
          value={props.value}
          placeholder={props.placeholder}
          disabled={props.disabled}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${props.id}-error` : undefined}
          onChange={(e: ChangeEvent<HTMLInputElement>) => props.onValueChange(e.target.value)}
        />
        {props.error ? <p id={`${props.id}-error`}>{props.error}</p> : null}
      </div>
    );
  }
  return {
    PhoneField,
    default: PhoneField,
    callingCode: (country: string) => calling[country] ?? '0',
    parsePhone: (value: string, country: string) => {
      if (value.includes('boom')) throw new Error('metadata missing');
      const digits = value.replace(/\D/g, '');
      return digits.length === 10
        ? { valid: true, e164: `+${calling[country]}${digits}`, international: `+${calling[country]} ${value.trim()}` }
        : { valid: false };
    },
    rawInternational: (value: string, country: string) => `+${calling[country]}${value.replace(/\D/g, '')}`,
  };
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderLogin(config: LoginConfig, client: FakeClient = fakeClient()) {
  const callbacks = { onEvent: vi.fn(), onError: vi.fn() };
  const view = render(<VestibuleLogin client={client} config={config} callbacks={callbacks} />);
  return { client, callbacks, ...view };
}

const ALL: LoginConfig = { products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp', 'email'] } };
const PHONE_ERROR = 'Phone number format is invalid. Ensure the phone number is in the E.164 format.';

describe('Phone module loading (runs first: the module is loaded once per file)', () => {
  it('has no accessibility violations (email passcode form); the phone module is not loaded for email only', async () => {
    const { container } = renderLogin({ products: ['otp'], otpOptions: { methods: ['email'] } });
    await expectNoAxeViolations(container);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(phoneModuleEvaluated).not.toHaveBeenCalled();
  });

  it('loads the phone field lazily (a placeholder field first), label, default country US, placeholder', async () => {
    const { container } = renderLogin({ products: ['otp'], otpOptions: { methods: ['sms'] } });
    expect(phoneModuleEvaluated).not.toHaveBeenCalled();
    expect(screen.queryByTestId('phone-field')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Loading the phone number field...');
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).placeholder).toBe('(123) 456-7890');
    await screen.findByTestId('phone-field');
    expect(phoneModuleEvaluated).toHaveBeenCalledTimes(1);
    const input = screen.getByLabelText('Phone number') as HTMLInputElement;
    expect(input.placeholder).toBe('(123) 456-7890');
    expect(input.required).toBe(true);
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('US');
    await expectNoAxeViolations(container);
  });
});

describe('Main tabs', () => {
  it('has no accessibility violations with three tabs', async () => {
    const { container } = renderLogin(ALL);
    await screen.findByTestId('phone-field');
    await expectNoAxeViolations(container);
  });

  it('appear only when more than one of Text, WhatsApp and Email applies', () => {
    const mainMethods = (config: LoginConfig) => mainTabs(loginFlow.features, config).map((tab) => tab.id);
    expect(mainMethods({ products: ['otp'], otpOptions: { methods: ['email'] } })).toEqual(['email']);
    expect(mainMethods({ products: ['emailMagicLinks'] })).toEqual(['email']);
    expect(mainMethods({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['whatsapp'] } })).toEqual(['email', 'whatsapp']);
    expect(mainMethods({ products: ['otp', 'emailMagicLinks'], otpOptions: { methods: ['sms'] } })).toEqual(['sms', 'email']);
    expect(mainMethods({ products: ['emailMagicLinks'], otpOptions: { methods: ['sms'] } })).toEqual(['email']);

    renderLogin({ products: ['otp'], otpOptions: { methods: ['email'] } });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
    cleanup();

    renderLogin({ products: ['otp'], otpOptions: { methods: ['sms'] } });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue with text message' })).toBeTruthy();
    cleanup();

    renderLogin(ALL);
    const tablist = screen.getByRole('tablist', { name: 'Sign-in methods' });
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Text', 'WhatsApp', 'Email']);
  });

  it('switch by click: the matching form shows, the tab is selected and controls the panel', async () => {
    renderLogin(ALL);
    const [text, whatsapp, email] = screen.getAllByRole('tab') as [HTMLElement, HTMLElement, HTMLElement];
    expect(text.getAttribute('aria-selected')).toBe('true');
    expect(text.tabIndex).toBe(0);
    expect(whatsapp.tabIndex).toBe(-1);
    const panel = screen.getByRole('tabpanel');
    expect(text.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('aria-labelledby')).toBe(text.id);
    expect(within(panel).getByRole('button', { name: 'Continue with text message' })).toBeTruthy();

    fireEvent.click(email);
    expect(email.getAttribute('aria-selected')).toBe('true');
    expect(text.getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(email.id);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with text message' })).toBeNull();

    fireEvent.click(whatsapp);
    expect(screen.getByRole('button', { name: 'Continue with WhatsApp' })).toBeTruthy();
  });

  it('switch with the arrow keys, Home and End (wrapping, focus follows)', () => {
    renderLogin(ALL);
    const tab = (name: string) => screen.getByRole('tab', { name });
    tab('Text').focus();
    fireEvent.keyDown(tab('Text'), { key: 'ArrowRight' });
    expect(tab('WhatsApp').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('WhatsApp'));
    fireEvent.keyDown(tab('WhatsApp'), { key: 'ArrowRight' });
    expect(tab('Email').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
    fireEvent.keyDown(tab('Email'), { key: 'ArrowRight' });
    expect(tab('Text').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Text'), { key: 'ArrowLeft' });
    expect(tab('Email').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Email'));
    fireEvent.keyDown(tab('Email'), { key: 'Home' });
    expect(tab('Text').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Text'), { key: 'End' });
    expect(tab('Email').getAttribute('aria-selected')).toBe('true');
  });

  it('in Arabic, read right to left, each arrow moves toward the tab it points at', async () => {
    const { loadTranslation } = await import('../../../src/locales/choose');
    const ar = await loadTranslation('ar');
    render(<VestibuleLogin client={fakeClient()} config={ALL} locale="ar" />);
    const tab = async (name: string) => screen.findByRole('tab', { name: ar[name as keyof typeof ar] });
    (await tab('Text')).focus();
    // The first tab is at the right edge: the left arrow goes on to the second.
    fireEvent.keyDown(await tab('Text'), { key: 'ArrowLeft' });
    expect((await tab('WhatsApp')).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(await tab('WhatsApp'));
    fireEvent.keyDown(await tab('WhatsApp'), { key: 'ArrowRight' });
    expect((await tab('Text')).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(await tab('Text'), { key: 'ArrowRight' });
    expect((await tab('Email')).getAttribute('aria-selected')).toBe('true');
  });

  it('keeps the EML and Email OTP configuration error', () => {
    renderLogin({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email', 'sms'] } });
    expect(screen.getByText('Error: Cannot use both EML and Email OTP')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});

describe('Email passcode form', () => {
  const EMAIL: LoginConfig = { products: ['otp'], otpOptions: { methods: ['email'] } };

  it('refuses an invalid email with the OTP message and makes no call', async () => {
    const { client, container } = renderLogin(EMAIL);
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
    const message = screen.getByText('Invalid email address.');
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('aria-describedby')).toBe(message.id);
    expect(client.otps.email.loginOrCreate).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('sends the default expiry (5) and goes to OTPAuthenticate', async () => {
    const { client, callbacks } = renderLogin(EMAIL);
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: ' ada@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(client.otps.email.loginOrCreate).toHaveBeenCalledExactlyOnceWith('ada@example.com', {
      expirationMinutes: 5,
      loginTemplateId: undefined,
      signupTemplateId: undefined,
      locale: 'en',
    });
    expect(await screen.findByRole('heading', { name: 'Enter passcode' })).toBeTruthy();
    expect(screen.getByText('ada@example.com').tagName).toBe('B');
    expect(callbacks.onEvent).toHaveBeenCalledWith({ type: 'OTP_LOGIN_OR_CREATE', data: OTP_SENT_RESPONSE });
  });

  it('logs email_sent with the email and type once the passcode email went out', async () => {
    const { client } = renderLogin(EMAIL);
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
    await screen.findByRole('heading', { name: 'Enter passcode' });
    expect(client.events.log).toHaveBeenCalledWith('email_sent', { email: 'ada@example.com', type: 'email_otp' });
    expect(loggedNames(client).filter((name) => name === 'email_sent')).toHaveLength(1);
  });

  it('logs no email_sent when the send fails', async () => {
    const client = fakeClient();
    client.otps.email.loginOrCreate.mockRejectedValueOnce(apiError('invalid_email', 'Email format is invalid.'));
    renderLogin(EMAIL, client);
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
    await screen.findByText('Email format is invalid.');
    expect(loggedNames(client)).not.toContain('email_sent');
  });

  it('sends every otpOptions field', async () => {
    const { client } = renderLogin({
      products: ['otp'],
      otpOptions: { methods: ['email'], expirationMinutes: 10, loginTemplateId: 'login-1', signupTemplateId: 'signup-1', locale: 'es' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(client.otps.email.loginOrCreate).toHaveBeenCalledWith('ada@example.com', {
      expirationMinutes: 10,
      loginTemplateId: 'login-1',
      signupTemplateId: 'signup-1',
      locale: 'es',
    });
    await screen.findByRole('heading', { name: 'Enter passcode' });
  });

  it('shows a send error under the field and reports it', async () => {
    const client = fakeClient();
    client.otps.email.loginOrCreate.mockRejectedValueOnce(apiError('too_many_requests', 'Slow down: too many codes.', 429));
    const { callbacks } = renderLogin(EMAIL, client);
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(await screen.findByText('Slow down: too many codes.')).toBeTruthy();
    expect(callbacks.onError).toHaveBeenCalledWith({ error_type: 'too_many_requests', message: 'Slow down: too many codes.' });
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });
});

describe('Phone form', () => {
  const SMS: LoginConfig = { products: ['otp'], otpOptions: { methods: ['sms'], locale: 'fr' } };

  it('shows the E.164 message for an invalid number and makes no call', async () => {
    const { client, container } = renderLogin(SMS);
    await screen.findByTestId('phone-field');
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '555' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with text message' }));
    expect(await screen.findByText(PHONE_ERROR)).toBeTruthy();
    expect(client.otps.sms.loginOrCreate).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole('button', { name: 'Continue with text message' }));
    expect(client.otps.sms.loginOrCreate).not.toHaveBeenCalled();
  });

  it('sends SMS in E.164 with expiry and locale, and shows the number formatted', async () => {
    const { client } = renderLogin(SMS);
    await screen.findByTestId('phone-field');
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '(500) 555-0006' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with text message' }));
    await waitFor(() => expect(client.otps.sms.loginOrCreate).toHaveBeenCalledExactlyOnceWith('+15005550006', { expirationMinutes: 5, locale: 'fr' }));
    expect(client.otps.whatsapp.loginOrCreate).not.toHaveBeenCalled();
    await screen.findByRole('heading', { name: 'Enter passcode' });
    expect(screen.getByText('+1 (500) 555-0006').tagName).toBe('B');
    expect(loggedNames(client)).not.toContain('email_sent');
  });

  it('sends WhatsApp from the WhatsApp tab, with the chosen country', async () => {
    const { client } = renderLogin({ products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp'], expirationMinutes: 3 } });
    fireEvent.click(screen.getByRole('tab', { name: 'WhatsApp' }));
    await screen.findByTestId('phone-field');
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'GB' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '7700 900123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with WhatsApp' }));
    await waitFor(() =>
      expect(client.otps.whatsapp.loginOrCreate).toHaveBeenCalledExactlyOnceWith('+447700900123', {
        expirationMinutes: 3,
        locale: 'en',
      }),
    );
    expect(client.otps.sms.loginOrCreate).not.toHaveBeenCalled();
  });

  it('when parsing fails outright, the number is treated as valid and sent as rawInternational', async () => {
    const { client } = renderLogin(SMS);
    await screen.findByTestId('phone-field');
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'GB' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '12 boom 34' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with text message' }));
    await waitFor(() => expect(client.otps.sms.loginOrCreate).toHaveBeenCalledWith('+441234', expect.anything()));
  });
});

describe('Back to Main', () => {
  it('keeps the chosen tab', async () => {
    renderLogin(ALL);
    fireEvent.click(screen.getByRole('tab', { name: 'Email' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
    await screen.findByRole('heading', { name: 'Enter passcode' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Back' })));
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Email' }).getAttribute('aria-selected')).toBe('true');
  });
});
