import { describe, expect, it } from 'vitest';
import { asPerson, expectError, loopback, signedIn } from '../helpers/account.js';
import { uniqueEmail } from '../helpers/harness.js';
import { sharedListening } from '../helpers/shared-stack.js';
import { confirmWithApp, firstStepByLink, heldToken, turnOn, withRecoveryCode } from './helpers.js';

/**
 * What the outside attack on two-step verification found, each over real sockets: a key planted
 * on an address before its owner proved it, the sign-in's enrolment routes used outside a project
 * that requires them, and a held sign-in outliving the key it was held for.
 */
const PLANTED_PASSWORD = 'velvet Harbor 19 quiet meteor';

describe('the outside attack on two-step verification', () => {
  it("a key added before the address was proven goes with the planted password at the owner's first proof", async () => {
    const s = await sharedListening();
    const email = uniqueEmail('planted-key');
    const planter = { from: loopback(), session: '' };
    const signedUp = await s.send('POST', '/sdk/v1/passwords', { email, password: PLANTED_PASSWORD }, { from: planter.from });
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(200);
    planter.session = signedUp.body.session_token;
    const { recoveryCodes } = await turnOn(s, planter);
    const plantersHeld = heldToken(
      (await s.send('POST', '/sdk/v1/passwords/authenticate', { email, password: PLANTED_PASSWORD }, { from: planter.from })).body,
    );

    // The owner proves the address with a link: signed in, no second step, no key of the planter's.
    const owner = await firstStepByLink(s, email, loopback());
    expect(owner).toHaveProperty('session_token');
    expect((owner as { user: { totp: unknown; password: unknown } }).user).toMatchObject({ totp: null, password: null });
    expectError(await withRecoveryCode(s, plantersHeld, recoveryCodes[0]!, planter.from), 401, 'intermediate_session_not_found');
    expect((await asPerson(s, planter, 'two_step/recovery_codes', {})).status).toBe(401);
  });

  it('a held sign-in cannot add a key of its own where the project does not require one (403 unauthorized_action)', async () => {
    const s = await sharedListening();
    const who = await signedIn(s, 'not-required');
    await turnOn(s, who);
    const held = heldToken(await firstStepByLink(s, who.email, who.from));
    expectError(await s.send('POST', '/sdk/v1/two_step/totp/create', { intermediate_session_token: held }, { from: who.from }), 403, 'unauthorized_action');
    expectError(
      await s.send('POST', '/sdk/v1/two_step/totp/enrol', { intermediate_session_token: held, code: '123456' }, { from: who.from }),
      403,
      'unauthorized_action',
    );
  });

  it('turning the app off ends the sign-ins held for it', async () => {
    const s = await sharedListening();
    const who = await signedIn(s, 'turned-off');
    const { secret, recoveryCodes } = await turnOn(s, who);
    const held = heldToken(await firstStepByLink(s, who.email, loopback()));
    await confirmWithApp(s, who, secret);
    expect((await asPerson(s, who, 'two_step/delete', {})).status).toBe(200);
    expectError(await withRecoveryCode(s, held, recoveryCodes[0]!, who.from), 401, 'intermediate_session_not_found');
  });
});
