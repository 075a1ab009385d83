import { describe, expect, it } from 'vitest';
import { asPerson, signedIn } from '../helpers/account.js';
import { sharedListening } from '../helpers/shared-stack.js';
import { appCode, firstStepByLink, turnOn } from './helpers.js';

describe('two-step verification, end to end', () => {
  it('a sign-in by link is held back, then a code from the app gives a session with both factors', async () => {
    const s = await sharedListening();
    const who = await signedIn(s, 'two-step-smoke');
    const { secret, recoveryCodes } = await turnOn(s, who);
    expect(recoveryCodes).toHaveLength(10);
    const first = await firstStepByLink(s, who.email, who.from);
    expect(first).toMatchObject({ two_step: 'verify', user_id: who.userId });
    expect(first).not.toHaveProperty('session_token');
    const token = (first as { intermediate_session_token: string }).intermediate_session_token;
    // The intermediate token opens no session route.
    expect((await asPerson(s, { session: token, from: who.from }, 'sessions')).status).toBe(401);
    // The code just used to turn it on was of this step: wait for none, a replay of it is refused.
    const replay = await s.send('POST', '/sdk/v1/two_step/totp/authenticate', { intermediate_session_token: token, code: appCode(secret) }, { from: who.from });
    expect(replay.body.error_type).toBe('totp_code_already_used');
    const next = appCode(secret, new Date(Date.now() + 30_000));
    const done = await s.send('POST', '/sdk/v1/two_step/totp/authenticate', { intermediate_session_token: token, code: next }, { from: who.from });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.session.authentication_factors.map((f: { type: string }) => f.type)).toEqual(['magic_link', 'totp']);
    expect(done.body.user.totp).toMatchObject({ recovery_codes_remaining: 10 });
    const again = await firstStepByLink(s, who.email, who.from);
    const recovered = await s.send(
      'POST',
      '/sdk/v1/two_step/recovery_codes/authenticate',
      {
        intermediate_session_token: (again as { intermediate_session_token: string }).intermediate_session_token,
        recovery_code: recoveryCodes[0]!.toUpperCase(),
      },
      { from: who.from },
    );
    expect(recovered.status, JSON.stringify(recovered.body)).toBe(200);
    expect(recovered.body.recovery_codes_remaining).toBe(9);
  });
});
