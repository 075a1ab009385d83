import { beforeAll, describe, expect, it } from 'vitest';
import { tokenFromLink, uniqueEmail } from '../helpers/harness.js';
import type { ListeningServer } from '../helpers/listening.js';
import { SoftAuthenticator } from '../helpers/soft-authenticator.js';
import { ORIGIN } from '../helpers/test-config.js';
import { sharedListening } from '../helpers/shared-stack.js';

/** Held before issue 9 and kept so: an emailed token (or a passkey's challenge) signs in once, however many race to use it. */
let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

const statuses = (answers: Array<{ status: number }>) => answers.map((a) => a.status).sort();

describe('single-use tokens under parallel use', () => {
  it('the same magic link 50 times in parallel: one session', async () => {
    const email = uniqueEmail('race-link');
    await s.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email });
    const { token } = tokenFromLink((await s.outbox(email))[0]!.text);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => s.send('POST', '/sdk/v1/magic_links/authenticate', { token }, { from: `127.0.5.${i + 1}` })),
    );
    expect(statuses(answers)).toEqual([200, ...Array(49).fill(401)]);
  });

  it('the same reset link 50 times in parallel: one new password, one session', async () => {
    const email = uniqueEmail('race-reset');
    await s.send('POST', '/sdk/v1/passwords', { email, password: 'First passphrase 11 here' });
    await s.send('POST', '/sdk/v1/passwords/email/reset/start', { email });
    const link = /https?:\/\/\S+vestibule_token_type=reset_password\S*/.exec((await s.outbox(email))[0]!.text)![0];
    const token = new URL(link).searchParams.get('token')!;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        s.send('POST', '/sdk/v1/passwords/email/reset', { token, password: `Racing passphrase ${i} wins` }, { from: `127.0.6.${i + 1}` }),
      ),
    );
    expect(statuses(answers)).toEqual([200, ...Array(49).fill(401)]);
  });

  it('the same passkey assertion 50 times in parallel: one session', async () => {
    const { session_token } = await s.signInByLink(uniqueEmail('race-passkey'));
    const authenticator = new SoftAuthenticator(ORIGIN);
    const creation = await s.send('POST', '/sdk/v1/webauthn/register/start', {}, { session: session_token });
    const registered = await s.send(
      'POST',
      '/sdk/v1/webauthn/register',
      { public_key_credential: authenticator.register(creation.body.public_key_credential_creation_options) },
      { session: session_token },
    );
    expect(registered.status).toBe(200);
    const request = await s.send('POST', '/sdk/v1/webauthn/authenticate/start', {});
    const assertion = authenticator.authenticate(request.body.public_key_credential_request_options);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => s.send('POST', '/sdk/v1/webauthn/authenticate', { public_key_credential: assertion }, { from: `127.0.7.${i + 1}` })),
    );
    expect(statuses(answers)).toEqual([200, ...Array(49).fill(401)]);
    expect(new Set(answers.filter((a) => a.status === 401).map((a) => a.body.error_type))).toEqual(new Set(['webauthn_challenge_not_found']));
  });
});
