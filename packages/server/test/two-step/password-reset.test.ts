import { describe, expect, it } from 'vitest';
import { expectError, signedIn } from '../helpers/account.js';
import { resetTokenIn } from '../helpers/idp-app.js';
import { sharedListening } from '../helpers/shared-stack.js';
import { factorsOf, firstStepByLink, heldToken, nextCode, turnOn, withAppCode } from './helpers.js';

/**
 * A password reset of someone with two-step verification on: the reset's own sign-in is held back
 * for the second step too, so a stolen mailbox alone signs no one in; the app stays on; and the
 * intermediate sessions of first steps taken before the reset end with every other way in. Over
 * real sockets.
 */
const NEW_PASSWORD = 'orbit Pickle 74 lantern quasar';

describe('a password reset with the app on', () => {
  it("is held back for the app's code, leaves the app on, and ends the intermediate sessions issued before it", async () => {
    const s = await sharedListening();
    const who = await signedIn(s, 'reset');
    const { secret } = await turnOn(s, who);
    const before = heldToken(await firstStepByLink(s, who.email, who.from));

    expect((await s.send('POST', '/sdk/v1/passwords/email/reset/start', { email: who.email }, { from: who.from })).status).toBe(200);
    const token = resetTokenIn((await s.outbox(who.email))[0]!.text);
    const reset = await s.send('POST', '/sdk/v1/passwords/email/reset', { token, password: NEW_PASSWORD }, { from: who.from });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const held = heldToken(reset.body);

    expectError(await withAppCode(s, before, nextCode(secret), who.from), 401, 'intermediate_session_not_found');
    const done = await withAppCode(s, held, nextCode(secret), who.from);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(factorsOf(done.body)).toEqual(['password/knowledge', 'magic_link/email', 'totp/authenticator_app']);
    expect(done.body.user.totp).toMatchObject({ recovery_codes_remaining: 10 });
    // The new password is a first factor like any other: held back too.
    const byPassword = await s.send('POST', '/sdk/v1/passwords/authenticate', { email: who.email, password: NEW_PASSWORD }, { from: who.from });
    heldToken(byPassword.body);
  });
});
