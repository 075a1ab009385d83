import { describe, expect, it } from 'vitest';
import { expectError, type Person, signedIn } from '../helpers/account.js';
import type { TestClock } from '../helpers/harness.js';
import { clockedServer, type ListeningServer } from '../helpers/listening.js';
import { appCode, firstStepByLink, heldToken, STEP_MS, turnOn, withAppCode } from './helpers.js';

/**
 * A code from the app works once: in its 30 seconds a copy is refused (totp_code_already_used),
 * whichever intermediate session of the user carries it, and once a code was accepted no code of
 * an earlier step is. The server's clock moves only when a test moves it, so each code's step is
 * known; the app's codes are computed at the server's time.
 */
let s: ListeningServer;
let clock: TestClock;
clockedServer((started) => ({ s, clock } = started));

/** The app's code `steps` steps from the server's now. */
const codeAt = (secret: string, steps: number) => appCode(secret, new Date(clock().getTime() + steps * STEP_MS));
const held = async (who: Person) => heldToken(await firstStepByLink(s, who.email, who.from));

describe('a right code', () => {
  it('is refused a second time in its 30 seconds, with another intermediate session of the same user too', async () => {
    const who = await signedIn(s, 'replay');
    const { secret } = await turnOn(s, who, clock());
    clock.advanceMinutes(1);
    const [first, second] = [await held(who), await held(who)];
    expect((await withAppCode(s, first, codeAt(secret, 0), who.from)).status).toBe(200);
    const replay = await withAppCode(s, second, codeAt(secret, 0), who.from);
    expectError(replay, 401, 'totp_code_already_used');
    expect(replay.body.error_message).toBe('This code was just used. Wait for the next code in your authenticator app and enter that one.');
    // The app's next code then works with the same intermediate session.
    expect((await withAppCode(s, second, codeAt(secret, 1), who.from)).status).toBe(200);
  });

  it('that turned the app on does not sign in within its 30 seconds', async () => {
    const who = await signedIn(s, 'enrol-replay');
    const { secret } = await turnOn(s, who, clock());
    const token = await held(who);
    expectError(await withAppCode(s, token, codeAt(secret, 0), who.from), 401, 'totp_code_already_used');
    expect((await withAppCode(s, token, codeAt(secret, 1), who.from)).status).toBe(200);
  });
});

describe('an older code', () => {
  it('is refused once a newer one was accepted, though it was never used and is still within the drift', async () => {
    const who = await signedIn(s, 'older');
    const { secret } = await turnOn(s, who, clock());
    clock.advanceMinutes(2);
    // The phone runs half a minute ahead: its code is the next step's, accepted.
    expect((await withAppCode(s, await held(who), codeAt(secret, 1), who.from)).status).toBe(200);
    const token = await held(who);
    expectError(await withAppCode(s, token, codeAt(secret, 0), who.from), 401, 'totp_code_already_used');
    expectError(await withAppCode(s, token, codeAt(secret, -1), who.from), 401, 'totp_code_already_used');
  });

  it('of two steps away either side is not right (one step of drift)', async () => {
    const who = await signedIn(s, 'drift');
    const { secret } = await turnOn(s, who, clock());
    clock.advanceMinutes(2);
    const token = await held(who);
    expectError(await withAppCode(s, token, codeAt(secret, -2), who.from), 401, 'invalid_totp_code');
    expectError(await withAppCode(s, token, codeAt(secret, 2), who.from), 401, 'invalid_totp_code');
    expect((await withAppCode(s, token, codeAt(secret, -1), who.from)).status).toBe(200);
  });
});
