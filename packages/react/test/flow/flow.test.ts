import { beforeAll, describe, expect, it } from 'vitest';
import type { FlowState, Screen } from '../../src/flow/types';
import { mainError } from '../../src/main/layout';
import { loginFlow } from '../../src/mounts/VestibuleLogin';
import { senderDomain } from '../../src/features/magic-links/mailServices';
import { FLOWS, getScreen, initialState, reducer } from '../../src/mounts/flows';
import { SESSION_RESPONSE, LOGIN_OR_CREATE_RESPONSE } from '../helpers';

// The reducers some features load after the first paint, here before.
beforeAll(() => Promise.all(Object.values(FLOWS).map((flow) => flow.reducersLoaded())));

const OTP = { type: 'sms', methodId: 'm-1', otpDestination: '+15005550006', formattedDestination: '+1 500', expiresAt: 1000 } as const;

describe('getScreen', () => {
  const table: [string, FlowState, Screen][] = [
    ['login start', initialState('login'), 'Main'],
    ['login, pending', initialState('login', { pending: true }), 'Main'],
    ['login, link sent', initialState('login', { magicLinkState: { email: 'a@b.co' } }), 'EmailConfirmation'],
    ['login, passcode sent', initialState('login', { otpState: OTP }), 'OTPAuthenticate'],
    ['login, passcode verified', initialState('login', { otpState: OTP, authenticated: 'otp' }), 'OTPConfirmation'],
    ['reset start', initialState('passwordReset', { resetPasswordState: { token: 't', tokenType: 'login' } }), 'PasswordResetForm'],
    ['reset, signed in', initialState('passwordReset', { authenticated: 'magic_link' }), 'PasswordConfirmation'],
    ['passkey registration', initialState('passkeyRegistration'), 'PasskeyRegistrationStart'],
    ['identity provider', initialState('identityProvider'), 'IDPConsent'],
  ];
  it.each(table)('%s → the expected screen', (_name, state, screen) => {
    expect(getScreen(state)).toBe(screen);
  });

  it('is pure: same input, same output, input untouched', () => {
    const state = Object.freeze(initialState('login', { magicLinkState: Object.freeze({ email: 'a@b.co' }) }));
    expect(getScreen(state)).toBe(getScreen(state));
  });
});

describe('reducer', () => {
  it('walks the passcode flow: submit, sent, resend, fail, verify, back', () => {
    let s = initialState('login');
    s = reducer(s, { type: 'SELECT_TAB', tab: 'sms' });
    expect(s.mainTab).toBe('sms');
    s = reducer(s, { type: 'SUBMIT_OTP', method: 'sms', destination: '+15005550006', formatted: '+1 500', typed: '500 555 0006', country: 'US' });
    expect(s.pending).toBe(true);
    s = reducer(s, {
      type: 'OTP_SENT',
      method: 'sms',
      destination: '+15005550006',
      formatted: '+1 500',
      expiresAt: 1000,
      response: { status_code: 200, request_id: 'r', user_id: 'u', method_id: 'm-1', user_created: true },
    });
    expect(s.otpState).toEqual(OTP);
    expect(s.pending).toBe(false);
    expect(getScreen(s)).toBe('OTPAuthenticate');
    s = reducer(s, { type: 'RESEND_OTP' });
    expect(s.resendStatus).toBe('sending');
    expect(reducer(s, { type: 'RESEND_OTP' })).toBe(s);
    s = reducer(s, { type: 'OTP_RESENT', methodId: 'm-2', expiresAt: 2000 });
    expect(s).toMatchObject({ resendStatus: 'sent', otpState: { methodId: 'm-2', expiresAt: 2000 } });
    s = reducer(s, { type: 'RESEND_SETTLED' });
    expect(s.resendStatus).toBe('waiting');
    expect(reducer({ ...s, resendStatus: 'sending' }, { type: 'RESEND_FAILED' }).resendStatus).toBe('initial');
    s = reducer(s, { type: 'AUTHENTICATE_OTP', code: '000000' });
    s = reducer(s, { type: 'FAILED', error: { error_type: 'otp_code_not_found', message: 'x' }, message: 'x', placement: 'field' });
    expect(getScreen(s)).toBe('OTPAuthenticate');
    const back = reducer(s, { type: 'OTP_BACK' });
    expect(back).toMatchObject({ otpState: null, errorDescriptor: null, resendStatus: 'initial', mainTab: 'sms' });
    // Nothing typed is lost: the form comes back filled with what was sent.
    expect(back.mainDraft).toEqual({ method: 'sms', typed: '500 555 0006', country: 'US' });
    expect(getScreen(back)).toBe('Main');
    s = reducer(s, { type: 'AUTHENTICATE_OTP', code: '123456' });
    s = reducer(s, { type: 'AUTHENTICATED', method: 'otp', event: 'OTP_AUTHENTICATE', response: SESSION_RESPONSE });
    expect(getScreen(s)).toBe('OTPConfirmation');
  });

  it('walks the magic-link flow: submit, sent, try again', () => {
    let s = initialState('login');
    s = reducer(s, { type: 'SUBMIT_MAGIC_LINK', email: 'a@b.co' });
    expect(s.pending).toBe(true);
    s = reducer(s, { type: 'MAGIC_LINK_SENT', email: 'a@b.co', response: LOGIN_OR_CREATE_RESPONSE });
    expect(s).toMatchObject({ pending: false, magicLinkState: { email: 'a@b.co' } });
    expect(getScreen(s)).toBe('EmailConfirmation');
    s = reducer(s, { type: 'TRY_AGAIN' });
    expect(s.magicLinkState).toBeNull();
    expect(getScreen(s)).toBe('Main');
  });

  it('records failures and authentication', () => {
    let s = initialState('passwordReset', { pending: true });
    s = reducer(s, { type: 'FAILED', error: { error_type: 'unable_to_auth_magic_link', message: 'm' }, message: 'm', placement: 'banner' });
    expect(s).toMatchObject({ pending: false, errorDescriptor: { placement: 'banner', message: 'm' } });
    s = reducer(s, { type: 'DISMISS_BANNER' });
    expect(s.errorDescriptor).toBeNull();
    s = reducer(s, { type: 'AUTHENTICATED', method: 'magic_link', event: 'MAGIC_LINK_AUTHENTICATE', response: SESSION_RESPONSE });
    expect(getScreen(s)).toBe('PasswordConfirmation');
  });
});

describe('configuration rules and helpers', () => {
  it.each([
    [{ products: ['passkeys'] }, 'passkeysAlone'],
    [{ products: ['passkeys', 'emailMagicLinks'] }, null],
    [{ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email'] } }, 'emlAndEmailOtp'],
    [{ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms', 'whatsapp'] } }, null],
    [{ products: ['otp'], otpOptions: { methods: ['email'] } }, null],
    [{ products: ['emailMagicLinks'] }, null],
  ] as const)('mainError(login features, %j) is %s', (config, expected) => {
    expect(mainError(loginFlow.features, config as never)).toBe(expected);
  });

  it.each([
    [['mail.example.com'], undefined, 'mail.example.com'],
    [['a.example.com', 'b.example.com'], undefined, null],
    [[], undefined, null],
    [['a.example.com', 'b.example.com'], 'hint.example.com', 'hint.example.com'],
    [['mail.example.com'], 'hint.example.com', 'hint.example.com'],
  ] as const)('senderDomain(%j, %s) is %s', (domains, hint, expected) => {
    expect(senderDomain(domains, hint)).toBe(expected);
  });
});

describe('password flow state', () => {
  const STRENGTH = {
    status_code: 200 as const,
    request_id: 'r',
    score: 4,
    feedback: { warning: '', suggestions: [], luds_requirements: null },
    valid_password: true,
    strength_policy: 'zxcvbn' as const,
    breached_password: false,
  };

  it('getScreen picks each password screen from passwordState, resetEmailSent and authenticated', () => {
    const base = initialState('login');
    const found = reducer(base, { type: 'USER_FOUND', email: 'a@b.co', userType: 'password' });
    expect(getScreen(found)).toBe('PasswordCreateOrLogin');
    for (const [reason, screen] of [
      ['forgot', 'PasswordForgot'],
      ['setNew', 'PasswordSetNew'],
      ['dedupe', 'PasswordDedupe'],
      ['breached', 'PasswordBreached'],
    ] as const) {
      expect(getScreen(reducer(found, { type: 'RESET_EMAIL_SENT', reason }))).toBe(screen);
    }
    expect(getScreen(reducer(found, { type: 'AUTHENTICATED', method: 'password', event: 'PASSWORD_AUTHENTICATE', response: SESSION_RESPONSE }))).toBe(
      'PasswordConfirmation',
    );
    expect(getScreen(reducer(found, { type: 'PASSWORD_BACK' }))).toBe('Main');
    const linked = reducer(found, { type: 'MAGIC_LINK_SENT', email: 'a@b.co', response: {} as never });
    expect(getScreen(linked)).toBe('EmailConfirmation');
    expect(getScreen(reducer(linked, { type: 'TRY_AGAIN' }))).toBe('Main');
  });

  it('drops a strength answer for a password that is no longer the latest asked about', () => {
    let s = initialState('login');
    s = reducer(s, { type: 'CHECK_STRENGTH', password: 'a' });
    s = reducer(s, { type: 'CHECK_STRENGTH', password: 'ab' });
    s = reducer(s, { type: 'STRENGTH_CHECKED', password: 'a', response: STRENGTH });
    expect(s.passwordStrength?.checked).toBeNull();
    s = reducer(s, { type: 'STRENGTH_CHECKED', password: 'ab', response: STRENGTH });
    expect(s.passwordStrength?.checked?.password).toBe('ab');
    s = reducer(s, { type: 'CHECK_STRENGTH', password: '' });
    expect(s.passwordStrength).toBeNull();
  });
});
