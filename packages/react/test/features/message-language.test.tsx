import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, waitFor, within } from '@testing-library/react';
import type { VestibuleClient } from '@vestibule/client';
import { VestibuleLogin } from '../../src/index';
import type { EffectContext } from '../../src/flow/feature';
import type { FlowState } from '../../src/flow/types';
import type { Locale } from '@vestibule/contract/locales';
import { emailChanges } from '../../src/features/account/email-changes';
import { magicLinkEffects } from '../../src/features/magic-links/effects';
import { phoneChanges } from '../../src/features/otps/account/changes';
import { otpEffects } from '../../src/features/otps/effects';
import { passwordEffects, passwordResetEffects } from '../../src/features/passwords/effects';
import type { LoginConfig } from '../../src/types';
import { ACCOUNT_CONFIG, accountClient, openSection, renderAccount } from '../account/account-helpers';
import { fakeClient, type FakeClient } from '../helpers';

/**
 * The emails and texts the server sends follow the widget's language: every call that makes it send
 * one carries `locale`, the widget's (ctx.locale, useWidget().locale), or for passcodes
 * otpOptions.locale when the host names one.
 */

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** An effect's context: the fake client, the config, the widget's language and the state before the event. */
function effectContext(client: FakeClient, locale: Locale, config: LoginConfig, stateBefore: Partial<FlowState> = {}): EffectContext {
  const ignore = () => undefined;
  return {
    client: client as unknown as VestibuleClient,
    config,
    callbacks: undefined,
    t: (key: string) => key,
    free: (text: string) => text,
    locale,
    stateBefore: stateBefore as FlowState,
    features: [],
    signal: new AbortController().signal,
    dispatch: ignore,
    send: ignore,
    toasts: { show: ignore },
    emit: ignore,
    reportError: ignore,
    fail: ignore,
  } as unknown as EffectContext;
}

describe('the sign-in effects send the language of the message', () => {
  it("a magic link: the widget's language", () => {
    const client = fakeClient();
    magicLinkEffects.SUBMIT_MAGIC_LINK!(
      { type: 'SUBMIT_MAGIC_LINK', email: 'ada@example.com' },
      effectContext(client, 'de', { products: ['emailMagicLinks'] }),
    );
    expect(client.magicLinks.email.loginOrCreate).toHaveBeenCalledExactlyOnceWith('ada@example.com', expect.objectContaining({ locale: 'de' }));
  });

  it("an email passcode: the widget's language, or otpOptions.locale when the host names one", () => {
    const client = fakeClient();
    const submit = { type: 'SUBMIT_OTP', method: 'email', destination: 'ada@example.com', formatted: 'ada@example.com', typed: 'ada@example.com' } as const;
    otpEffects.SUBMIT_OTP!(submit, effectContext(client, 'ja', { products: ['otp'], otpOptions: { methods: ['email'] } }));
    otpEffects.SUBMIT_OTP!(submit, effectContext(client, 'ja', { products: ['otp'], otpOptions: { methods: ['email'], locale: 'es' } }));
    expect(client.otps.email.loginOrCreate.mock.calls.map((call) => (call as unknown[])[1])).toEqual([
      expect.objectContaining({ locale: 'ja' }),
      expect.objectContaining({ locale: 'es' }),
    ]);
  });

  it.each(['sms', 'whatsapp'] as const)("a %s passcode and its resend: the widget's language", (method) => {
    const client = fakeClient();
    const config: LoginConfig = { products: ['otp'], otpOptions: { methods: [method] } };
    otpEffects.SUBMIT_OTP!(
      { type: 'SUBMIT_OTP', method, destination: '+15005550006', formatted: '+1 500 555 0006', typed: '5005550006' },
      effectContext(client, 'pt-BR', config),
    );
    const stateBefore = { otpState: { type: method, methodId: 'phone-1', otpDestination: '+15005550006' }, resendStatus: 'waiting' } as Partial<FlowState>;
    otpEffects.RESEND_OTP!({ type: 'RESEND_OTP' }, effectContext(client, 'ar', config, stateBefore));
    expect(client.otps[method].loginOrCreate.mock.calls).toEqual([
      ['+15005550006', { expirationMinutes: 5, locale: 'pt-BR' }],
      ['+15005550006', { expirationMinutes: 5, locale: 'ar' }],
    ]);
  });

  it("a password reset, its resend and a new link from the reset page: the widget's language", () => {
    const client = fakeClient();
    const config: LoginConfig = { products: ['passwords'] };
    const stateBefore = { passwordState: { email: 'ada@example.com', type: 'password' } } as Partial<FlowState>;
    passwordEffects.SEND_RESET_EMAIL!({ type: 'SEND_RESET_EMAIL', reason: 'forgot' }, effectContext(client, 'ar', config, stateBefore));
    passwordEffects.RESEND_RESET_EMAIL!({ type: 'RESEND_RESET_EMAIL' }, effectContext(client, 'fr', config, stateBefore));
    passwordResetEffects.REQUEST_NEW_RESET_LINK!({ type: 'REQUEST_NEW_RESET_LINK', email: 'ada@example.com' }, effectContext(client, 'de', config));
    expect(client.passwords.resetByEmailStart.mock.calls.map((call) => (call as unknown[])[0])).toEqual([
      expect.objectContaining({ email: 'ada@example.com', locale: 'ar' }),
      expect.objectContaining({ email: 'ada@example.com', locale: 'fr' }),
      expect.objectContaining({ email: 'ada@example.com', locale: 'de' }),
    ]);
  });
});

describe("the account page's passcodes carry their language", () => {
  const free = (text: string) => text;
  const signal = new AbortController().signal;

  it('an address being added, and its resend', async () => {
    const client = fakeClient();
    const changes = emailChanges(free, 'fr');
    await changes.sendCode('ada@work.example').call(client as unknown as VestibuleClient, signal);
    await changes.resend('ada@work.example').call(client as unknown as VestibuleClient, signal);
    expect(client.account.emailStart.mock.calls).toEqual([[{ email: 'ada@work.example', locale: 'fr' }], [{ email: 'ada@work.example', locale: 'fr' }]]);
  });

  it('a number being added, by its channel', async () => {
    const client = fakeClient();
    await phoneChanges(free, 'whatsapp', 'de')
      .sendCode('+16502530000')
      .call(client as unknown as VestibuleClient, signal);
    expect(client.account.phoneStart).toHaveBeenCalledExactlyOnceWith({ phone_number: '+16502530000', channel: 'whatsapp', locale: 'de' });
  });

  it("the page sends otpOptions.locale when the host names one (the widget's language otherwise: account-page.test.tsx)", async () => {
    const { client } = accountClient();
    renderAccount(client, { ...ACCOUNT_CONFIG, otpOptions: { methods: ['email', 'sms'], locale: 'es' } });
    const emails = await openSection('Email addresses');
    fireEvent.click(within(emails).getByRole('button', { name: 'Add email address' }));
    fireEvent.change(within(emails).getByLabelText('New email address'), { target: { value: 'ada@work.example' } });
    fireEvent.click(within(emails).getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(client.account.emailStart).toHaveBeenCalledWith({ email: 'ada@work.example', locale: 'es' }));
  });
});

describe('a widget in German', () => {
  it('asks for the magic-link email in German', async () => {
    const client = fakeClient();
    const { container } = render(<VestibuleLogin client={client} config={{ products: ['emailMagicLinks'] }} locale="de-AT" />);
    // Found by its type, not its label: the label is German once the translation is in.
    const field = await waitFor(() => {
      const input = container.querySelector<HTMLInputElement>('.vestibule[lang="de"] input[type="email"]');
      if (!input) throw new Error('the German widget has not drawn yet');
      return input;
    });
    fireEvent.change(field, { target: { value: 'ada@example.com' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(client.magicLinks.email.loginOrCreate).toHaveBeenCalledWith('ada@example.com', expect.objectContaining({ locale: 'de' })));
  });
});
