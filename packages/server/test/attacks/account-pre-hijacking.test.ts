import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@vestibule/contract';
import { uniqueEmail } from '../helpers/harness.js';
import type { ListeningServer } from '../helpers/listening.js';
import { codeIn, OTP } from '../helpers/otp.js';
import { sharedListening } from '../helpers/shared-stack.js';

/**
 * Finding 2: anyone could create a password account for someone else's email; when the owner later
 * signed in by passcode or magic link they landed on that account and the planted password kept
 * working. Now the owner's first proof of the email removes it and signs everyone else out.
 */
const PLANTED = 'Attacker planted this 4 you!';
const OWNERS = 'Owner chose this passphrase 2';
let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

async function plantPassword(email: string): Promise<SessionResponse> {
  const created = await s.send<SessionResponse>('POST', '/sdk/v1/passwords', { email, password: PLANTED }, { from: '127.0.0.66' });
  expect(created.status).toBe(200);
  return created.body;
}

async function expectAttackerLockedOut(email: string, attacker: SessionResponse, owner: SessionResponse) {
  expect(owner.user_id).toBe(attacker.user_id);
  expect(owner.user.password).toBeNull();
  expect(owner.user.emails[0]).toMatchObject({ email, verified: true });
  const login = await s.send('POST', '/sdk/v1/passwords/authenticate', { email, password: PLANTED }, { from: '127.0.0.66' });
  expect(login.status).toBe(401);
  expect(login.body.error_type).toBe('unauthorized_credentials');
  const attackerMe = await s.send('GET', '/sdk/v1/users/me', undefined, { session: attacker.session_token, from: '127.0.0.66' });
  expect(attackerMe.status).toBe(401);
  expect(attackerMe.body.error_type).toBe('session_not_found');
  expect((await s.send('GET', '/sdk/v1/users/me', undefined, { session: owner.session_token })).status).toBe(200);
  // The widget's password tab now offers the owner a reset rather than a login.
  expect((await s.send('POST', '/sdk/v1/users/search', { email })).body.userType).toBe('passwordless');
}

describe('account pre-hijacking', () => {
  it('a magic link: the planted password is removed and the attacker signed out', async () => {
    const email = uniqueEmail('victim-link');
    const attacker = await plantPassword(email);
    const owner = await s.signInByLink(email);
    await expectAttackerLockedOut(email, attacker, owner);
  });

  it('an email passcode: the same', async () => {
    const email = uniqueEmail('victim-otp');
    const attacker = await plantPassword(email);
    const sent = await s.send('POST', OTP.email, { email });
    const code = codeIn((await s.outbox(email))[0]!.text);
    const owner = await s.send<SessionResponse>('POST', OTP.authenticate, { code, method_id: sent.body.method_id });
    expect(owner.status).toBe(200);
    await expectAttackerLockedOut(email, attacker, owner.body);
  });

  it("a reset link: the password becomes the owner's, and a later proof keeps it", async () => {
    const email = uniqueEmail('victim-reset');
    const attacker = await plantPassword(email);
    await s.send('POST', '/sdk/v1/passwords/email/reset/start', { email });
    const link = /https?:\/\/\S+vestibule_token_type=reset_password\S*/.exec((await s.outbox(email))[0]!.text)![0];
    const token = new URL(link).searchParams.get('token')!;
    const reset = await s.send<SessionResponse>('POST', '/sdk/v1/passwords/email/reset', { token, password: OWNERS });
    expect(reset.status).toBe(200);
    expect((await s.send('GET', '/sdk/v1/users/me', undefined, { session: attacker.session_token })).status).toBe(401);
    expect((await s.send('POST', '/sdk/v1/passwords/authenticate', { email, password: PLANTED }, { from: '127.0.0.66' })).status).toBe(401);

    // The owner's own password was set with the email proven: signing in by link later keeps it.
    await s.signInByLink(email);
    expect((await s.send('POST', '/sdk/v1/passwords/authenticate', { email, password: OWNERS })).status).toBe(200);
  });

  it('an owner who signs up with a password and proves the email later is treated the same (the rule cannot tell them apart)', async () => {
    const email = uniqueEmail('own-password');
    const first = await plantPassword(email);
    const proven = await s.signInByLink(email);
    expect(proven.user.password).toBeNull();
    expect((await s.send('GET', '/sdk/v1/users/me', undefined, { session: first.session_token })).status).toBe(401);
    // A second proof changes nothing more: the session it made stays.
    const again = await s.signInByLink(email);
    expect((await s.send('GET', '/sdk/v1/users/me', undefined, { session: proven.session_token })).status).toBe(200);
    expect(again.user_id).toBe(proven.user_id);
  });
});
