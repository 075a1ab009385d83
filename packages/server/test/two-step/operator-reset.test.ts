import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@vestibule/contract';
import { asPerson, expectError, loopback, signedIn } from '../helpers/account.js';
import { type TestClock, uniqueEmail } from '../helpers/harness.js';
import { clockedServer, type ListeningServer, startListening } from '../helpers/listening.js';
import { manage } from '../helpers/management.js';
import { sharedListening } from '../helpers/shared-stack.js';
import { appCode, factorsOf, firstStepByLink, heldToken, STEP, turnOn, withAppCode, withRecoveryCode } from './helpers.js';

/**
 * An operator's reset of someone's two-step verification (POST /v1/users/{user_id}/two_step/reset),
 * for a person who lost their authenticator app and recovery codes: their next sign-in is one step
 * again (where the project requires two-step verification, it asks them to add an app), and what
 * the old app and codes could finish is finished.
 */

const reset = (s: ListeningServer, userId: string, session?: string) =>
  manage(s, 'POST', `/v1/users/${encodeURIComponent(userId)}/two_step/reset`, undefined, session ? { session } : {});

describe('the reset', () => {
  let s: ListeningServer;
  beforeAll(async () => {
    s = await sharedListening();
  });

  it('removes the app and the recovery codes: the next sign-in is one step, and a sign-in held for the old app is over', async () => {
    const person = await signedIn(s, 'lost-phone');
    const { secret, recoveryCodes } = await turnOn(s, person);
    const held = heldToken(await firstStepByLink(s, person.email, person.from));

    const answer = await reset(s, person.userId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);

    const next = (await firstStepByLink(s, person.email, person.from)) as SessionResponse;
    expect(next).toMatchObject({ session_token: expect.any(String) });
    expect(factorsOf(next)).toEqual(['magic_link/email']);
    expect(next.user.totp).toBeNull();
    expectError(await withAppCode(s, held, appCode(secret), person.from), 401, 'intermediate_session_not_found');
    expectError(await withRecoveryCode(s, held, recoveryCodes[0]!, person.from), 401, 'intermediate_session_not_found');

    // They can add an app again, which asks for it from then on.
    const again = await turnOn(s, { session: next.session_token, from: person.from });
    expect(again.secret).not.toBe(secret);
    heldToken(await firstStepByLink(s, person.email, person.from));
  });

  it('records the reset with who did it, besides the change itself', async () => {
    const person = await signedIn(s, 'reset-event');
    await turnOn(s, person);
    expect((await reset(s, person.userId)).status).toBe(200);
    const events = await manage(s, 'GET', `/v1/events?user_id=${person.userId}&limit=20`);
    const types = events.body.events.map((event: { type: string; data: { action?: string } }) => event.data.action ?? event.type);
    expect(types).toContain('two_step.reset');
    expect(types).toContain('two_step.disabled');
    const action = events.body.events.find((event: { data: { action?: string } }) => event.data.action === 'two_step.reset');
    expect(action.actor).toMatchObject({ type: 'management_key', name: 'VESTIBULE_MANAGEMENT_KEY' });
  });

  it('is 400 totp_not_enabled for someone without the app, or reset already; 404 user_not_found for an unknown user; 400 for an id too long', async () => {
    const person = await signedIn(s, 'no-app');
    expectError(await reset(s, person.userId), 400, 'totp_not_enabled');
    await turnOn(s, person);
    expect((await reset(s, person.userId)).status).toBe(200);
    expectError(await reset(s, person.userId), 400, 'totp_not_enabled');
    expectError(await reset(s, 'user-00000000-0000-0000-0000-000000000000'), 404, 'user_not_found');
    expectError(await reset(s, 'x'.repeat(300)), 400, 'bad_request');
  });

  it("a key started on the account page but never turned on is not reset, and stays the person's to finish", async () => {
    const person = await signedIn(s, 'pending');
    const created = await asPerson(s, person, 'two_step/totp/create', {});
    expect(created.status).toBe(200);
    expectError(await reset(s, person.userId), 400, 'totp_not_enabled');
    expect((await asPerson(s, person, 'two_step/totp/enrol', { code: appCode(created.body.secret) })).status).toBe(200);
  });
});

describe('where the project requires two-step verification', () => {
  let s: ListeningServer;
  beforeAll(async () => {
    s = await startListening({ project: { mfa: 'required' } as never });
  });
  afterAll(() => s.close());

  it('the next sign-in after a reset asks the person to add an app again, before any session', async () => {
    const email = uniqueEmail('required-reset');
    const from = loopback();
    const enrol = heldToken(await firstStepByLink(s, email, from), 'enrol');
    const { secret } = (await s.send('POST', STEP.create, { intermediate_session_token: enrol }, { from })).body;
    const enrolled = await s.send('POST', STEP.enrol, { intermediate_session_token: enrol, code: appCode(secret) }, { from });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);

    expect((await reset(s, enrolled.body.user_id)).status).toBe(200);
    heldToken(await firstStepByLink(s, email, from), 'enrol');
  });
});

describe("an operator's session", () => {
  const OPERATOR = uniqueEmail('operator');
  let s: ListeningServer;
  let clock: TestClock;
  clockedServer((started) => ({ s, clock } = started), { project: { adminEmails: [OPERATOR], reauthenticationMinutes: 1 } as never });

  it('resets with a recent sign-in; an older one is 403 reauthentication_required, and nothing is removed', async () => {
    const operator = (await s.signInByLink(OPERATOR)).session_token;
    const first = await signedIn(s, 'reset-by-operator');
    await turnOn(s, first, clock());
    expect((await reset(s, first.userId, operator)).status).toBe(200);

    const second = await signedIn(s, 'reset-by-stale-operator');
    await turnOn(s, second, clock());
    clock.advanceMinutes(2);
    expectError(await reset(s, second.userId, operator), 403, 'reauthentication_required');
    heldToken(await firstStepByLink(s, second.email, second.from));
  });
});
