import { describe, expect, it } from 'vitest';
import type { IntermediateSessionResponse } from '@vestibule/contract';
import { apiError, makeSession, makeSessionResponse, readCookies, testClients } from './helpers.js';

const create = testClients();

const HELD: IntermediateSessionResponse = {
  status_code: 200,
  request_id: 'req-held',
  user_id: 'user-test-1',
  intermediate_session_token: 'ist-1',
  intermediate_session_expires_at: '2026-01-01T00:10:00.000Z',
  two_step: 'verify',
};

describe('a sign-in held for two-step verification', () => {
  it('stores the intermediate session alone: its cookie written, the session cookies removed, no session or user', async () => {
    document.cookie = 'vestibule_session=old-opaque; path=/';
    document.cookie = 'vestibule_session_jwt=old-jwt; path=/';
    const { client } = create({ 'POST /sdk/v1/passwords/authenticate': HELD });
    expect(await client.passwords.authenticate({ email: 'ada@example.com', password: 'correct horse' })).toEqual(HELD);
    const cookies = readCookies();
    expect(cookies.vestibule_intermediate_session_token).toBe('ist-1');
    expect(cookies.vestibule_session).toBeUndefined();
    expect(cookies.vestibule_session_jwt).toBeUndefined();
    expect(client.session.getSync()).toBeNull();
    expect(client.user.getSync()).toBeNull();
  });

  it('the second step sends the intermediate token with the code; its session replaces the intermediate cookie', async () => {
    const session = makeSessionResponse();
    const { client, fake } = create({ 'POST /sdk/v1/otps/authenticate': HELD, 'POST /sdk/v1/two_step/totp/authenticate': session });
    await client.otps.authenticate('123456', 'email-1');
    expect(await client.twoStep.authenticate({ code: '654321' })).toEqual(session);
    expect(fake.callsTo('POST /sdk/v1/two_step/totp/authenticate')[0]?.body).toEqual({
      intermediate_session_token: 'ist-1',
      code: '654321',
      session_duration_minutes: 30,
    });
    expect(readCookies()).toMatchObject({ vestibule_session: 'opaque-token-1', vestibule_session_jwt: 'jwt-1' });
    expect(readCookies().vestibule_intermediate_session_token).toBeUndefined();
    expect(client.session.getSync()).toEqual(session.session);
  });

  it('a recovery code, and the enrolment where the project requires it, send the same token', async () => {
    const { client, fake } = create({
      'POST /sdk/v1/magic_links/authenticate': { ...HELD, two_step: 'enrol' },
      'POST /sdk/v1/two_step/totp/create': { status_code: 200, request_id: 'r', secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/x' },
      'POST /sdk/v1/two_step/totp/enrol': { ...makeSessionResponse(), recovery_codes: ['abcd-efgh'] },
      'POST /sdk/v1/two_step/recovery_codes/authenticate': { ...makeSessionResponse(), recovery_codes_remaining: 9 },
    });
    await client.magicLinks.authenticate('link-token');
    await client.twoStep.create();
    expect(fake.callsTo('POST /sdk/v1/two_step/totp/create')[0]?.body).toEqual({ intermediate_session_token: 'ist-1' });
    expect((await client.twoStep.enrol({ code: '111111', session_duration_minutes: 60 })).recovery_codes).toEqual(['abcd-efgh']);
    expect(fake.callsTo('POST /sdk/v1/two_step/totp/enrol')[0]?.body).toEqual({
      intermediate_session_token: 'ist-1',
      code: '111111',
      session_duration_minutes: 60,
    });
    // Signed in now: the intermediate cookie is gone, so a recovery code has nothing to finish.
    await expect(client.twoStep.authenticateWithRecoveryCode({ recovery_code: 'abcd-efgh' })).rejects.toMatchObject({
      error_type: 'intermediate_session_not_found',
    });
    expect(fake.callsTo('POST /sdk/v1/two_step/recovery_codes/authenticate')).toHaveLength(0);
  });

  it('an intermediate session the server no longer knows is forgotten, so the step is not offered again', async () => {
    const { client } = create({
      'POST /sdk/v1/passwords/authenticate': HELD,
      'POST /sdk/v1/two_step/totp/authenticate': () =>
        apiError(401, 'intermediate_session_not_found', 'This sign-in has expired or was already completed. Please sign in again.'),
    });
    await client.passwords.authenticate({ email: 'ada@example.com', password: 'correct horse' });
    await expect(client.twoStep.authenticate({ code: '123456' })).rejects.toMatchObject({ error_type: 'intermediate_session_not_found' });
    expect(readCookies().vestibule_intermediate_session_token).toBeUndefined();
  });

  it('a wrong code keeps the intermediate session for the next try', async () => {
    const { client } = create({
      'POST /sdk/v1/passwords/authenticate': HELD,
      'POST /sdk/v1/two_step/totp/authenticate': () => apiError(401, 'invalid_totp_code', 'That code is not right.'),
    });
    await client.passwords.authenticate({ email: 'ada@example.com', password: 'correct horse' });
    await expect(client.twoStep.authenticate({ code: '123456' })).rejects.toMatchObject({ error_type: 'invalid_totp_code' });
    expect(readCookies().vestibule_intermediate_session_token).toBe('ist-1');
  });
});

describe('the second step proven again on a signed-in session (the account page confirm step)', () => {
  const signedIn = makeSessionResponse({
    session: makeSession({ authentication_factors: [{ type: 'password', delivery_method: 'knowledge', last_authenticated_at: '2026-01-01T00:00:00.000Z' }] }),
  });
  const confirmed = makeSessionResponse({
    session: makeSession({
      authentication_factors: [
        ...signedIn.session.authentication_factors,
        { type: 'totp', delivery_method: 'authenticator_app', last_authenticated_at: '2026-01-01T00:11:00.000Z' },
      ],
    }),
  });

  it('sends the code with the session (no intermediate token) and stores the session answered, with the app factor', async () => {
    const { client, fake } = create({ 'POST /sdk/v1/passwords/authenticate': signedIn, 'POST /sdk/v1/two_step/totp/confirm': confirmed });
    await client.passwords.authenticate({ email: 'ada@example.com', password: 'correct horse' });
    expect(await client.twoStep.confirm({ code: '654321' })).toEqual(confirmed);
    const [call] = fake.callsTo('POST /sdk/v1/two_step/totp/confirm');
    expect(call?.body).toEqual({ code: '654321', session_duration_minutes: 30 });
    expect(call?.headers.Authorization).toBe('Bearer opaque-token-1');
    expect(client.session.getSync()?.authentication_factors.map((f) => f.type)).toEqual(['password', 'totp']);
    expect(readCookies()).toMatchObject({ vestibule_session: 'opaque-token-1', vestibule_session_jwt: 'jwt-1' });
  });

  it('a recovery code instead: the same, with how many are left', async () => {
    const { client, fake } = create({
      'POST /sdk/v1/passwords/authenticate': signedIn,
      'POST /sdk/v1/two_step/recovery_codes/confirm': { ...confirmed, recovery_codes_remaining: 8 },
    });
    await client.passwords.authenticate({ email: 'ada@example.com', password: 'correct horse' });
    expect((await client.twoStep.confirmWithRecoveryCode({ recovery_code: 'abcd-efgh', session_duration_minutes: 60 })).recovery_codes_remaining).toBe(8);
    expect(fake.callsTo('POST /sdk/v1/two_step/recovery_codes/confirm')[0]?.body).toEqual({ recovery_code: 'abcd-efgh', session_duration_minutes: 60 });
    expect(client.session.getSync()?.authentication_factors).toHaveLength(2);
  });

  it('a wrong code keeps the session as it was', async () => {
    const { client } = create({
      'POST /sdk/v1/passwords/authenticate': signedIn,
      'POST /sdk/v1/two_step/totp/confirm': () => apiError(401, 'invalid_totp_code', 'That code is not right.'),
    });
    await client.passwords.authenticate({ email: 'ada@example.com', password: 'correct horse' });
    await expect(client.twoStep.confirm({ code: '000000' })).rejects.toMatchObject({ error_type: 'invalid_totp_code' });
    expect(client.session.getSync()).toEqual(signedIn.session);
    expect(readCookies().vestibule_session).toBe('opaque-token-1');
  });
});
