import { describe, expect, it } from 'vitest';
import type { OtpLoginOrCreateResponse } from '@vestibule/contract';
import { messageForError } from '../src/error-messages.js';
import { VestibuleApiError } from '../src/index.js';
import { apiError, BASE, makeSessionResponse, readCookies, TEST_TOKEN, testClients } from './helpers.js';

const SENT: OtpLoginOrCreateResponse = { status_code: 200, request_id: 'r', user_id: 'u', method_id: 'phone-number-1', user_created: false };

const create = testClients();

describe('otps', () => {
  it('email.loginOrCreate sends snake_case options and leaves unset ones out', async () => {
    const { client, fake } = create({ 'POST /sdk/v1/otps/email/login_or_create': { ...SENT, method_id: 'email-1' } });
    const result = await client.otps.email.loginOrCreate('ada@example.com', {
      expirationMinutes: 10,
      loginTemplateId: 'login-tpl',
      signupTemplateId: 'signup-tpl',
      locale: 'es',
    });
    expect(result.method_id).toBe('email-1');
    const calls = fake.callsTo('POST /sdk/v1/otps/email/login_or_create');
    expect(calls[0]?.url).toBe(`${BASE}/sdk/v1/otps/email/login_or_create`);
    expect(calls[0]?.headers['X-Public-Token']).toBe(TEST_TOKEN);
    expect(calls[0]?.body).toEqual({
      email: 'ada@example.com',
      expiration_minutes: 10,
      login_template_id: 'login-tpl',
      signup_template_id: 'signup-tpl',
      locale: 'es',
    });
    await client.otps.email.loginOrCreate('bob@example.com');
    expect(fake.callsTo('POST /sdk/v1/otps/email/login_or_create')[1]?.body).toEqual({ email: 'bob@example.com' });
  });

  it.each(['sms', 'whatsapp'] as const)('%s.loginOrCreate sends phone_number, expiration_minutes and locale', async (channel) => {
    const route = `POST /sdk/v1/otps/${channel}/login_or_create`;
    const { client, fake } = create({ [route]: SENT });
    const result = await client.otps[channel].loginOrCreate('+15005550006', { expirationMinutes: 5, locale: 'fr' });
    expect(result).toEqual(SENT);
    expect(fake.callsTo(route)[0]?.body).toEqual({ phone_number: '+15005550006', expiration_minutes: 5, locale: 'fr' });
    await client.otps[channel].loginOrCreate('+447700900123');
    expect(fake.callsTo(route)[1]?.body).toEqual({ phone_number: '+447700900123' });
    expect(fake.calls.filter((c) => c.url.includes('/otps/')).map((c) => new URL(c.url).pathname)).toEqual([
      `/sdk/v1/otps/${channel}/login_or_create`,
      `/sdk/v1/otps/${channel}/login_or_create`,
    ]);
  });

  it('authenticate sends code, method_id and the session duration (default 30), and stores the session', async () => {
    const response = makeSessionResponse();
    const { client, fake } = create({ 'POST /sdk/v1/otps/authenticate': response });
    await client.otps.authenticate('123456', 'phone-number-1');
    expect(fake.callsTo('POST /sdk/v1/otps/authenticate')[0]?.body).toEqual({
      code: '123456',
      method_id: 'phone-number-1',
      session_duration_minutes: 30,
    });
    expect(client.session.getSync()).toEqual(response.session);
    expect(client.user.getSync()).toEqual(response.user);
    expect(readCookies()).toMatchObject({ vestibule_session: 'opaque-token-1', vestibule_session_jwt: 'jwt-1' });

    await client.otps.authenticate('654321', 'email-1', { session_duration_minutes: 90 });
    expect(fake.callsTo('POST /sdk/v1/otps/authenticate')[1]?.body).toEqual({
      code: '654321',
      method_id: 'email-1',
      session_duration_minutes: 90,
    });
  });

  it('a wrong code rejects with the catalogue message and stores nothing', async () => {
    const { client } = create({ 'POST /sdk/v1/otps/authenticate': () => apiError(401, 'otp_code_not_found', 'not found') });
    const error = await client.otps.authenticate('000000', 'm').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VestibuleApiError);
    expect(messageForError(error)).toBe('Invalid passcode, please try again.');
    expect(client.session.getSync()).toBeNull();
    expect(readCookies().vestibule_session).toBeUndefined();
  });

  it('a rate limit shows the server message', async () => {
    const { client } = create({
      'POST /sdk/v1/otps/sms/login_or_create': () => apiError(429, 'too_many_requests', 'Too many codes sent; wait a minute.'),
    });
    const error = await client.otps.sms.loginOrCreate('+15005550006').catch((e: unknown) => e);
    expect(messageForError(error)).toBe('Too many codes sent; wait a minute.');
  });
});
