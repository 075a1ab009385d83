import { describe, expect, it } from 'vitest';
import type { User } from '@vestibule/contract';
import { asPerson, expectError, type Person, signedIn } from '../helpers/account.js';
import type { ListeningServer } from '../helpers/listening.js';
import { sharedListening } from '../helpers/shared-stack.js';
import { confirmWithApp, factorsOf, firstStepByLink, heldToken, nextCode, turnOn, withAppCode, withRecoveryCode } from './helpers.js';

/**
 * Recovery codes, the way in when the phone is lost: each signs in once in place of the app's
 * code, as typed (case, spaces and the dash do not matter), and says how many are left; new ones
 * end the old ones; turning two-step verification off ends them all. Over real sockets.
 */
const me = async (s: ListeningServer, who: Person) => (await s.send<User>('GET', '/sdk/v1/users/me', undefined, { session: who.session, from: who.from })).body;
const held = async (s: ListeningServer, who: Person) => heldToken(await firstStepByLink(s, who.email, who.from));

describe('a recovery code', () => {
  it('signs in once in place of the app, as typed in any case, with spaces or without the dash; the answer and the User say how many are left', async () => {
    const s = await sharedListening();
    const who = await signedIn(s, 'recovery');
    const { recoveryCodes } = await turnOn(s, who);
    const typed = [recoveryCodes[0]!.toUpperCase(), ` ${recoveryCodes[1]!.replace('-', ' ')} `, recoveryCodes[2]!.replace('-', '')];
    for (const [n, code] of typed.entries()) {
      const used = await withRecoveryCode(s, await held(s, who), code, who.from);
      expect(used.status, JSON.stringify(used.body)).toBe(200);
      expect(used.body.recovery_codes_remaining).toBe(9 - n);
      expect(used.body.user.totp.recovery_codes_remaining).toBe(9 - n);
      expect(factorsOf(used.body)).toEqual(['magic_link/email', 'recovery_code/recovery_code']);
    }
    expect((await me(s, who)).totp?.recovery_codes_remaining).toBe(7);

    const again = await withRecoveryCode(s, await held(s, who), recoveryCodes[0]!, who.from);
    expectError(again, 401, 'invalid_recovery_code');
    expect(again.body.error_message).toBe('That recovery code is not right, or it was used already. Check it and try again.');
    expect((await me(s, who)).totp?.recovery_codes_remaining).toBe(7);
  });

  it("is not another user's", async () => {
    const s = await sharedListening();
    const [who, other] = [await signedIn(s, 'mine'), await signedIn(s, 'theirs')];
    await turnOn(s, who);
    const theirs = await turnOn(s, other);
    expectError(await withRecoveryCode(s, await held(s, who), theirs.recoveryCodes[0]!, who.from), 401, 'invalid_recovery_code');
  });
});

describe('new recovery codes', () => {
  it('are ten, shown once; the old ones stop working', async () => {
    const s = await sharedListening();
    const who = await signedIn(s, 'new-codes');
    const { recoveryCodes: old } = await turnOn(s, who);
    const used = await withRecoveryCode(s, await held(s, who), old[0]!, who.from);
    expect(used.status).toBe(200);
    // From the session that sign-in made: its second step is recent.
    const renewed = await asPerson(s, { session: used.body.session_token, from: who.from }, 'two_step/recovery_codes', {});
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    const codes: string[] = renewed.body.recovery_codes;
    expect(new Set(codes).size).toBe(10);
    expect(codes.filter((code) => old.includes(code))).toEqual([]);
    expect((await me(s, who)).totp?.recovery_codes_remaining).toBe(10);

    expectError(await withRecoveryCode(s, await held(s, who), old[1]!, who.from), 401, 'invalid_recovery_code');
    expect((await withRecoveryCode(s, await held(s, who), codes[0]!, who.from)).body.recovery_codes_remaining).toBe(9);
  });

  it('need two-step verification on (totp_not_enabled), as turning it off does', async () => {
    const s = await sharedListening();
    const who = await signedIn(s, 'not-on');
    expectError(await asPerson(s, who, 'two_step/recovery_codes', {}), 400, 'totp_not_enabled');
    expectError(await asPerson(s, who, 'two_step/delete', {}), 400, 'totp_not_enabled');
  });
});

describe('turning two-step verification off', () => {
  it('deletes the key and the recovery codes: the next sign-in is not held back, and neither works once it is on again', async () => {
    const s = await sharedListening();
    const who = await signedIn(s, 'off');
    const before = await turnOn(s, who);
    await confirmWithApp(s, who, before.secret);
    const off = await asPerson<User>(s, who, 'two_step/delete', {});
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.totp).toBeNull();
    expect((await me(s, who)).totp).toBeNull();
    expect(await firstStepByLink(s, who.email, who.from)).toMatchObject({ session_token: expect.any(String), user_id: who.userId });

    const after = await turnOn(s, who);
    expect(after.secret).not.toBe(before.secret);
    const token = await held(s, who);
    expectError(await withRecoveryCode(s, token, before.recoveryCodes[0]!, who.from), 401, 'invalid_recovery_code');
    expectError(await withAppCode(s, token, nextCode(before.secret), who.from), 401, 'invalid_totp_code');
    expect((await withAppCode(s, token, nextCode(after.secret), who.from)).status).toBe(200);
  });
});
