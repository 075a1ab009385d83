import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@vestibule/contract';
import { asPerson, expectError, loopback } from '../helpers/account.js';
import { uniqueEmail } from '../helpers/harness.js';
import { type ListeningServer, startListening } from '../helpers/listening.js';
import { appCode, factorsOf, firstStepByLink, heldToken, nextCode, STEP, withAppCode, wrongCodes } from './helpers.js';

/**
 * A project that requires two-step verification (project.mfa 'required'): whoever signs in without
 * an authenticator app adds one right after the first factor, before any session exists
 * (two_step 'enrol': create, then enrol), and cannot turn it off. Its own listening server, on the
 * real clock.
 */
let s: ListeningServer;
beforeAll(async () => {
  s = await startListening({ project: { mfa: 'required' } as never });
});
afterAll(() => s.close());

/** Someone new who has just proven their email: the intermediate session, to add the app with. */
async function firstSignIn(label: string) {
  const email = uniqueEmail(label);
  const from = loopback();
  const token = heldToken(await firstStepByLink(s, email, from), 'enrol');
  return { email, from, token };
}

const create = (token: string, from: string) => s.send('POST', STEP.create, { intermediate_session_token: token }, { from });
const enrol = (token: string, code: string, from: string) => s.send('POST', STEP.enrol, { intermediate_session_token: token, code }, { from });

describe('a required second step', () => {
  it('a user without the app gets two_step enrol; adding it gives the session with both factors and ten recovery codes', async () => {
    const { email, from, token } = await firstSignIn('required');
    const created = await create(token, from);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.otpauth_uri).toContain(encodeURIComponent(email));
    const { secret } = created.body;
    expectError(await enrol(token, wrongCodes(secret, 1)[0]!, from), 401, 'invalid_totp_code');
    const enrolled = await enrol(token, appCode(secret), from);
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    expect(factorsOf(enrolled.body)).toEqual(['magic_link/email', 'totp/authenticator_app']);
    expect(enrolled.body.recovery_codes).toHaveLength(10);
    expect(enrolled.body.user.totp).toMatchObject({ recovery_codes_remaining: 10 });
    // The intermediate session is spent: it neither makes another key nor another session.
    expectError(await create(token, from), 401, 'intermediate_session_not_found');
    expectError(await enrol(token, nextCode(secret), from), 401, 'intermediate_session_not_found');

    // From then on, signing in asks for the app's code.
    const next = heldToken(await firstStepByLink(s, email, from));
    const signed = await withAppCode(s, next, nextCode(secret), from);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(factorsOf(signed.body)).toEqual(['magic_link/email', 'totp/authenticator_app']);
  });

  it('an enrol session on the verify route is totp_not_enabled, and it still adds the app after', async () => {
    const { from, token } = await firstSignIn('verify-route');
    expectError(await withAppCode(s, token, '123456', from), 400, 'totp_not_enabled');
    const { secret } = (await create(token, from)).body;
    expect((await enrol(token, appCode(secret), from)).status).toBe(200);
  });

  it('a newer key replaces the one shown first', async () => {
    const { from, token } = await firstSignIn('recreate');
    const first = (await create(token, from)).body.secret as string;
    const second = (await create(token, from)).body.secret as string;
    expectError(await enrol(token, appCode(first), from), 401, 'invalid_totp_code');
    expect((await enrol(token, appCode(second), from)).status).toBe(200);
  });

  it('cannot be turned off: 400 totp_required, and it stays on', async () => {
    const { token, from } = await firstSignIn('keep-on');
    const { secret } = (await create(token, from)).body;
    const session = (await enrol(token, appCode(secret), from)).body.session_token as string;
    expectError(await asPerson(s, { session, from }, 'two_step/delete', {}), 400, 'totp_required');
    expect((await s.send<User>('GET', '/sdk/v1/users/me', undefined, { session, from })).body.totp).not.toBeNull();
  });
});
