import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, uniqueEmail } from './helpers/harness.js';
import { sharedHarness } from './helpers/shared-stack.js';
import { SoftAuthenticator } from './helpers/soft-authenticator.js';
import { ORIGIN } from './helpers/test-config.js';

/**
 * Identifier-first passkeys: a person who types their email is offered their own passkeys
 * (allowCredentials), and the answer tells a stranger nothing: an address with no account, or with
 * no passkey, gets stand-ins of the same shape, the same each time it is asked.
 */
let h: Harness;
beforeAll(async () => {
  h = await sharedHarness();
});

const START = '/sdk/v1/webauthn/authenticate/start';

async function start(body: Record<string, unknown>): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const answer = await h.json('POST', START, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.public_key_credential_request_options;
}

async function userWithPasskey(label: string) {
  const email = uniqueEmail(label);
  const signedIn = await h.signIn(email);
  const authenticator = new SoftAuthenticator(ORIGIN);
  const options = await h.json('POST', '/sdk/v1/webauthn/register/start', {}, { session: signedIn.session_token });
  const registered = await h.json(
    'POST',
    '/sdk/v1/webauthn/register',
    { public_key_credential: authenticator.register(options.body.public_key_credential_creation_options) },
    { session: signedIn.session_token },
  );
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  const { credential_id } = await h.server.db
    .selectFrom('webauthn_registrations')
    .select('credential_id')
    .where('user_id', '=', signedIn.user_id)
    .executeTakeFirstOrThrow();
  return { email, userId: signedIn.user_id, authenticator, credentialId: credential_id };
}

/** What a stranger can compare: the keys of the answer and of each descriptor, and the ids' form. */
const shape = (options: PublicKeyCredentialRequestOptionsJSON) => ({
  keys: Object.keys(options).sort(),
  descriptorKeys: [...new Set(options.allowCredentials!.flatMap((d) => Object.keys(d)))].sort(),
  idsAreBase64url: options.allowCredentials!.every((d) => /^[A-Za-z0-9_-]+$/.test(d.id)),
  userVerification: options.userVerification,
});

describe('identifier-first passkeys', () => {
  it("offers the typed address's passkey, and the browser's answer with it signs that person in", async () => {
    const { email, userId, authenticator, credentialId } = await userWithPasskey('first');
    const options = await start({ email: email.toUpperCase() });
    expect(options.allowCredentials!.map((d) => d.id)).toEqual([credentialId]);
    expect(options.userVerification).toBe('required');
    const assertion = authenticator.authenticate(options);
    const signedIn = await h.json('POST', '/sdk/v1/webauthn/authenticate', { public_key_credential: assertion });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.user_id).toBe(userId);
  });

  it("a challenge asked for one address is that user's: another person's passkey cannot answer it", async () => {
    const ada = await userWithPasskey('ada');
    const bob = await userWithPasskey('bob');
    const options = await start({ email: ada.email });
    const refused = await h.json('POST', '/sdk/v1/webauthn/authenticate', {
      public_key_credential: bob.authenticator.authenticate({ ...options, allowCredentials: [] }),
    });
    expect(refused.body.error_type).toBe('invalid_webauthn_response');
  });

  it('an unknown address, and an account without a passkey, get stand-ins of the same shape, the same each time', async () => {
    const known = await userWithPasskey('known');
    const knownOptions = await start({ email: known.email });
    const real = shape(knownOptions);
    const stranger = uniqueEmail('nobody');
    const first = await start({ email: stranger });
    const again = await start({ email: stranger });
    expect(shape(first)).toEqual(real);
    // Like the passkeys people here have: the same id length and transports as the real one.
    expect(first.allowCredentials!.map((d) => [d.id.length, d.transports])).toEqual(knownOptions.allowCredentials!.map((d) => [d.id.length, d.transports]));
    expect(again.allowCredentials).toEqual(first.allowCredentials);
    expect(first.challenge).not.toBe(again.challenge);
    expect(first.allowCredentials!.length).toBeGreaterThanOrEqual(1);
    expect((await start({ email: uniqueEmail('nobody') })).allowCredentials).not.toEqual(first.allowCredentials);

    const withoutPasskey = await h.signIn(uniqueEmail('no-passkey'));
    expect(shape(await start({ email: withoutPasskey.user.emails[0]!.email }))).toEqual(real);
  });

  it("a challenge asked for an address with no passkey is answered by no one's passkey", async () => {
    const bob = await userWithPasskey('bob-probes');
    const withoutPasskey = await h.signIn(uniqueEmail('no-passkey'));
    for (const email of [uniqueEmail('nobody'), withoutPasskey.user.emails[0]!.email]) {
      const options = await start({ email });
      const refused = await h.json('POST', '/sdk/v1/webauthn/authenticate', {
        public_key_credential: bob.authenticator.authenticate({ ...options, allowCredentials: [] }),
      });
      expect(refused.body.error_type, email).toBe('invalid_webauthn_response');
    }
  });

  it('answers bad input with a 4xx and an error_type', async () => {
    for (const body of [
      { email: 'not an address' },
      { email: 42 },
      { email: 'a'.repeat(1001) },
      { email: 'x@y.com', is_passkey: false },
      { email: 'nul\u0000@example.com' },
    ]) {
      const answer = await h.json('POST', START, body);
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
      expect(answer.body.error_type, JSON.stringify(body)).toBeTruthy();
    }
  });
});
