import { describe, expect, it } from 'vitest';
import type { PasswordStrengthCheckResponse } from '@vestibule/contract';
import { messageForError } from '../src/error-messages.js';
import { apiError, BASE, makeSessionResponse, readCookies, TEST_TOKEN, testClients } from './helpers.js';

const STRENGTH: PasswordStrengthCheckResponse = {
  status_code: 200,
  request_id: 'r',
  score: 4,
  feedback: { warning: '', suggestions: [], luds_requirements: null },
  valid_password: true,
  strength_policy: 'zxcvbn',
  breached_password: false,
};

const create = testClients();

describe('users.search', () => {
  it('sends the email and answers the userType only', async () => {
    const { client, fake } = create({ 'POST /sdk/v1/users/search': { status_code: 200, request_id: 'r', userType: 'passwordless' } });
    expect(await client.users.search('ada@example.com')).toEqual({ userType: 'passwordless' });
    const call = fake.callsTo('POST /sdk/v1/users/search')[0];
    expect(call?.url).toBe(`${BASE}/sdk/v1/users/search`);
    expect(call?.headers['X-Public-Token']).toBe(TEST_TOKEN);
    expect(call?.body).toEqual({ email: 'ada@example.com' });
  });
});

describe('passwords', () => {
  it('strengthCheck sends the password, and the email only when given', async () => {
    const { client, fake } = create({ 'POST /sdk/v1/passwords/strength_check': STRENGTH });
    expect(await client.passwords.strengthCheck({ password: 'hunter2', email: 'ada@example.com' })).toEqual(STRENGTH);
    await client.passwords.strengthCheck({ password: 'hunter3' });
    const calls = fake.callsTo('POST /sdk/v1/passwords/strength_check');
    expect(calls[0]?.body).toEqual({ password: 'hunter2', email: 'ada@example.com' });
    expect(calls[1]?.body).toEqual({ password: 'hunter3' });
  });

  it.each([
    ['create', 'POST /sdk/v1/passwords'],
    ['authenticate', 'POST /sdk/v1/passwords/authenticate'],
  ] as const)('%s sends email, password and the session duration (default 30), and stores the session', async (method, route) => {
    const response = makeSessionResponse();
    const { client, fake } = create({ [route]: response });
    await client.passwords[method]({ email: 'ada@example.com', password: 'correct horse' });
    expect(fake.callsTo(route)[0]?.body).toEqual({ email: 'ada@example.com', password: 'correct horse', session_duration_minutes: 30 });
    expect(client.session.getSync()).toEqual(response.session);
    expect(client.user.getSync()).toEqual(response.user);
    expect(readCookies()).toMatchObject({ vestibule_session: 'opaque-token-1', vestibule_session_jwt: 'jwt-1' });
    await client.passwords[method]({ email: 'bob@example.com', password: 'x', session_duration_minutes: 90 });
    expect(fake.callsTo(route)[1]?.body).toEqual({ email: 'bob@example.com', password: 'x', session_duration_minutes: 90 });
  });

  it('resetByEmailStart sends snake_case options and leaves unset ones out', async () => {
    const { client, fake } = create();
    await client.passwords.resetByEmailStart({
      email: 'ada@example.com',
      resetPasswordRedirectUrl: 'http://localhost:3000/reset',
      resetPasswordExpirationMinutes: 15,
      loginRedirectUrl: 'http://localhost:3000/reset',
      loginExpirationMinutes: 20,
      locale: 'en',
    });
    await client.passwords.resetByEmailStart({ email: 'bob@example.com' });
    const calls = fake.callsTo('POST /sdk/v1/passwords/email/reset/start');
    expect(calls[0]?.body).toEqual({
      email: 'ada@example.com',
      reset_password_redirect_url: 'http://localhost:3000/reset',
      reset_password_expiration_minutes: 15,
      login_redirect_url: 'http://localhost:3000/reset',
      login_expiration_minutes: 20,
      locale: 'en',
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(calls[1]?.body).toEqual({ email: 'bob@example.com', code_challenge: (calls[0]!.body as { code_challenge: string }).code_challenge });
  });

  it('resetByEmail sends token, password and duration, and stores the session', async () => {
    const response = makeSessionResponse();
    const { client, fake } = create({ 'POST /sdk/v1/passwords/email/reset': response });
    await client.passwords.resetByEmail({ token: 'tok', password: 'new one' });
    expect(fake.callsTo('POST /sdk/v1/passwords/email/reset')[0]?.body).toEqual({
      token: 'tok',
      password: 'new one',
      session_duration_minutes: 30,
    });
    expect(client.session.getSync()).toEqual(response.session);
  });

  it('a wrong password rejects with the catalogue message and stores nothing', async () => {
    const { client } = create({ 'POST /sdk/v1/passwords/authenticate': () => apiError(401, 'unauthorized_credentials', 'nope') });
    const error = await client.passwords.authenticate({ email: 'a@b.co', password: 'x' }).catch((e: unknown) => e);
    expect(messageForError(error)).toBe('Unauthorized credentials.');
    expect(client.session.getSync()).toBeNull();
  });

  it.each([
    ['weak_password', 'The password is too weak or has appeared in a data breach. Please choose another password.'],
    ['duplicate_email', 'An account with this email already has a password. Log in instead.'],
    ['invalid_reset_token', 'The password reset link has expired or was already used. Request a new one.'],
  ])('the catalogue has a message for %s', (error_type, message) => {
    expect(messageForError({ error_type, error_message: 'server text' })).toBe(message);
  });
});
