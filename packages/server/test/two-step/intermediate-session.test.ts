import { describe, expect, it } from 'vitest';
import { account, asPerson, expectError, signedIn } from '../helpers/account.js';
import type { TestClock } from '../helpers/harness.js';
import { clockedServer, type ListeningServer } from '../helpers/listening.js';
import { sharedListening } from '../helpers/shared-stack.js';
import { appCode, firstStepByLink, heldToken, nextCode, turnOn, withAppCode, withRecoveryCode, wrongCodes } from './helpers.js';

/**
 * The intermediate session between the two steps: it opens nothing but the second step, lasts 10
 * minutes and becomes a session once. Over real sockets.
 */
const AUTHORIZE = {
  client_id: 'demo-rp',
  redirect_uri: 'http://localhost:3001/callback',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
  state: 'st',
  nonce: 'n-1',
};

describe('the intermediate token as a session', () => {
  it('opens no session route, no account route and not the identity provider (401)', async () => {
    const s = await sharedListening();
    const who = await signedIn(s, 'opens-nothing');
    const { secret } = await turnOn(s, who);
    const token = heldToken(await firstStepByLink(s, who.email, who.from));
    const asBearer = { session: token, from: who.from };
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/sdk/v1/sessions/authenticate', {}],
      ['GET', '/sdk/v1/users/me'],
      ['GET', account('sessions')],
      ['POST', account('emails/start'), { email: 'someone@example.com' }],
      ['POST', account('two_step/delete'), {}],
      ['POST', account('two_step/recovery_codes'), {}],
      ['POST', '/sdk/v1/oauth2/authorize/start', AUTHORIZE],
      ['POST', '/sdk/v1/oauth2/authorize', { ...AUTHORIZE, consent_granted: true }],
      ['POST', '/sdk/v1/sessions/revoke', {}],
    ];
    for (const [method, path, body] of calls) {
      const answer = await s.send(method, path, body, asBearer);
      expect({ path, status: answer.status }, JSON.stringify(answer.body)).toEqual({ path, status: 401 });
    }
    // Refused as a session, it still does what it is for.
    expect((await withAppCode(s, token, nextCode(secret), who.from)).status).toBe(200);
  });
});

describe('using it', () => {
  it('works once: a second use, with a code or a recovery code, is intermediate_session_not_found', async () => {
    const s = await sharedListening();
    const who = await signedIn(s, 'once');
    const { secret, recoveryCodes } = await turnOn(s, who);
    const token = heldToken(await firstStepByLink(s, who.email, who.from));
    expect((await withRecoveryCode(s, token, recoveryCodes[0]!, who.from)).status).toBe(200);
    expectError(await withAppCode(s, token, nextCode(secret), who.from), 401, 'intermediate_session_not_found');
    expectError(await withRecoveryCode(s, token, recoveryCodes[1]!, who.from), 401, 'intermediate_session_not_found');
    // The refusals spent nothing: the other recovery code still works with a new first step.
    const next = heldToken(await firstStepByLink(s, who.email, who.from));
    expect((await withRecoveryCode(s, next, recoveryCodes[1]!, who.from)).body.recovery_codes_remaining).toBe(8);
  });

  it('a wrong code does not use it up, and the right one works typed with a space; an unknown token is intermediate_session_not_found', async () => {
    const s = await sharedListening();
    const who = await signedIn(s, 'wrong-then-right');
    const { secret } = await turnOn(s, who);
    const token = heldToken(await firstStepByLink(s, who.email, who.from));
    expectError(await withAppCode(s, token, wrongCodes(secret, 1)[0]!, who.from), 401, 'invalid_totp_code');
    // Typed as the app shows it, in two groups of three.
    const code = nextCode(secret);
    expect((await withAppCode(s, token, `${code.slice(0, 3)} ${code.slice(3)}`, who.from)).status).toBe(200);
    expectError(await withAppCode(s, 'forged-intermediate-token', nextCode(secret), who.from), 401, 'intermediate_session_not_found');
  });
});

describe('the account deleted between the two steps', () => {
  it('ends its intermediate sessions: intermediate_session_not_found, whichever step', async () => {
    const s = await sharedListening();
    const who = await signedIn(s, 'deleted');
    const { secret, recoveryCodes } = await turnOn(s, who);
    const [first, second] = [heldToken(await firstStepByLink(s, who.email, who.from)), heldToken(await firstStepByLink(s, who.email, who.from))];
    expect((await asPerson(s, who, 'delete', { confirmation: who.email })).status).toBe(200);
    expectError(await withAppCode(s, first, nextCode(secret), who.from), 401, 'intermediate_session_not_found');
    expectError(await withRecoveryCode(s, second, recoveryCodes[0]!, who.from), 401, 'intermediate_session_not_found');
  });
});

describe('its lifetime', () => {
  let s: ListeningServer;
  let clock: TestClock;
  clockedServer((started) => ({ s, clock } = started));

  it('is 10 minutes: it works 9 minutes on, and is intermediate_session_not_found after 10', async () => {
    const who = await signedIn(s, 'lifetime');
    const { secret } = await turnOn(s, who, clock());
    const lasting = await firstStepByLink(s, who.email, who.from);
    const expiring = await firstStepByLink(s, who.email, who.from);
    expect(Date.parse((lasting as { intermediate_session_expires_at: string }).intermediate_session_expires_at)).toBe(clock().getTime() + 10 * 60_000);
    clock.advanceMinutes(9);
    expect((await withAppCode(s, heldToken(lasting), appCode(secret, clock()), who.from)).status).toBe(200);
    clock.advanceMinutes(1);
    expectError(await withAppCode(s, heldToken(expiring), nextCode(secret, clock()), who.from), 401, 'intermediate_session_not_found');
  });
});
