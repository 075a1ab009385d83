import { describe, expect, it } from 'vitest';
import { asPerson, expectError, loopback, signedIn } from '../helpers/account.js';
import { uniqueEmail } from '../helpers/harness.js';
import { sharedListening } from '../helpers/shared-stack.js';
import { confirmWithApp, firstStepByLink, heldToken, nextCode, turnOn, withAppCode, withRecoveryCode, wrongCodes } from './helpers.js';

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

  it('the wrong code that locks the second step for every address warns the owner by email, once', async () => {
    const s = await sharedListening();
    const who = await signedIn(s, 'lock-alert');
    const { secret } = await turnOn(s, who);
    const held = heldToken(await firstStepByLink(s, who.email, loopback()));
    const { maxFailures } = s.config.rateLimits.twoStepAccountLockout;
    const perAddress = s.config.rateLimits.twoStepLockout.maxFailures - 1;
    const answers = [];
    for (const [n, code] of wrongCodes(secret, maxFailures + 1).entries()) {
      // A new address before each one's own lock, so that only the lock for everyone is met.
      const from = `127.9.${Math.floor(n / perAddress)}.1`;
      answers.push(await withAppCode(s, held, code, from));
    }
    expect(answers.slice(0, maxFailures - 1).map((a) => a.body.error_type)).toEqual(Array(maxFailures - 1).fill('invalid_totp_code'));
    expect(answers.slice(maxFailures - 1).map((a) => a.body.error_type)).toEqual(['user_lock_limit_reached', 'user_lock_limit_reached']);
    const alerts = (await s.outbox(who.email)).filter((message) => message.subject?.startsWith('Someone is trying to sign in to your'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain('Reset your password now');
  });

  it("'Sign out of all other devices' and a new password that signs them out end the sign-ins held for the app too", async () => {
    const s = await sharedListening();
    const who = await signedIn(s, 'others-out');
    const { secret, recoveryCodes } = await turnOn(s, who);
    const first = heldToken(await firstStepByLink(s, who.email, loopback()));
    expect((await asPerson(s, who, 'sessions/revoke_others', {})).status).toBe(200);
    expectError(await withAppCode(s, first, nextCode(secret), loopback()), 401, 'unauthorized_credentials');
    const second = heldToken(await firstStepByLink(s, who.email, loopback()));
    const changed = await asPerson(s, who, 'password', { password: 'orbit Pickle 74 lantern quasar', sign_out_other_devices: true });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // The app's next code was spent above; a recovery code finishes a step as well.
    expectError(await withRecoveryCode(s, second, recoveryCodes[0]!, loopback()), 401, 'unauthorized_credentials');
  });
});
