import fc from 'fast-check';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/index.js';
import { uniqueEmail, type Harness } from './helpers/harness.js';
import { SoftAuthenticator, type Knobs } from './helpers/soft-authenticator.js';
import { ORIGIN, REPO_CONFIG, tempDir } from './helpers/test-config.js';
import { sharedHarness } from './helpers/shared-stack.js';

let h: Harness;
beforeAll(async () => {
  h = await sharedHarness();
});

const b64json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function registerStart(session: string, body: Record<string, unknown> = {}): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const start = await h.json('POST', '/sdk/v1/webauthn/register/start', body, { session });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  return start.body.public_key_credential_creation_options;
}

async function authenticateStart(body: Record<string, unknown> = {}, session?: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const start = await h.json('POST', '/sdk/v1/webauthn/authenticate/start', body, { session });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  return start.body.public_key_credential_request_options;
}

const finishRegistration = (session: string, credential: unknown) =>
  h.json('POST', '/sdk/v1/webauthn/register', { public_key_credential: credential }, { session });
const finishAuthentication = (credential: unknown, session?: string) =>
  h.json('POST', '/sdk/v1/webauthn/authenticate', { public_key_credential: credential }, { session });

/** A user signed in by magic link, with an authenticator of their own. */
async function newUser(label: string) {
  const signedIn = await h.signIn(uniqueEmail(label));
  return { session: signedIn.session_token, userId: signedIn.user_id, authenticator: new SoftAuthenticator(ORIGIN) };
}

/** A user with one passkey on their authenticator. */
async function userWithPasskey(label: string) {
  const user = await newUser(label);
  const registered = await finishRegistration(user.session, user.authenticator.register(await registerStart(user.session)));
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  return { ...user, registrationId: registered.body.webauthn_registration_id as string, registered };
}

const signInWithPasskey = async (authenticator: SoftAuthenticator, knobs?: Knobs) =>
  finishAuthentication(authenticator.authenticate(await authenticateStart(), knobs));

/**
 * The same credential answering another ceremony: with attestation 'none' nothing signs
 * clientDataJSON at registration, so a page (or a synced passkey on another device) can present
 * one credential again with a new challenge.
 */
const withChallenge = (credential: RegistrationResponseJSON, challenge: string): RegistrationResponseJSON => ({
  ...credential,
  response: { ...credential.response, clientDataJSON: b64json({ type: 'webauthn.create', challenge, origin: ORIGIN, crossOrigin: false }) },
});

const refusal = (type: string, status?: number) => ({ status: status ?? expect.any(Number), body: expect.objectContaining({ error_type: type }) });

describe('passkey registration and sign-in', () => {
  it('registers a passkey into the session, then signs in with it', async () => {
    const { session, userId, authenticator } = await newUser('passkey');
    const options = await registerStart(session);
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'Vestibule Demo' },
      user: { id: Buffer.from(userId).toString('base64url') },
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const registered = await finishRegistration(session, authenticator.register(options));
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const registrationId = registered.body.webauthn_registration_id;
    expect(registrationId).toMatch(/^webauthn-registration-[0-9a-f-]{36}$/);
    // The factor joins the session the user already had.
    expect(registered.body.session_token).toBe(session);
    expect(registered.body.session.authentication_factors.map((f: { type: string }) => f.type)).toEqual(['magic_link', 'webauthn']);
    expect(registered.body.user.webauthn_registrations).toEqual([
      { webauthn_registration_id: registrationId, name: 'Passkey', created_at: expect.any(String) },
    ]);

    const again = await registerStart(session);
    expect(again.excludeCredentials).toEqual([{ id: authenticator.credentials.keys().next().value, type: 'public-key', transports: ['internal'] }]);

    const requestOptions = await authenticateStart();
    expect(requestOptions).toMatchObject({ rpId: 'localhost', allowCredentials: [], userVerification: 'required' });
    const signedIn = await finishAuthentication(authenticator.authenticate(requestOptions));
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.user_id).toBe(userId);
    expect(signedIn.body.session_token).not.toBe(session);
    expect(signedIn.body.session.authentication_factors).toEqual([
      {
        type: 'webauthn',
        delivery_method: 'webauthn',
        last_authenticated_at: expect.any(String),
        webauthn_factor: { webauthn_registration_id: registrationId },
      },
    ]);
    const me = await h.json('GET', '/sdk/v1/users/me', undefined, { session: signedIn.body.session_token });
    expect(me.body.webauthn_registrations.map((r: { name: string }) => r.name)).toEqual(['Passkey']);
    const row = await h.server.db
      .selectFrom('webauthn_registrations')
      .selectAll()
      .where('webauthn_registration_id', '=', registrationId)
      .executeTakeFirstOrThrow();
    expect(Number(row.counter)).toBe(1);
    expect(row.last_used_at).not.toBeNull();
  });

  it('names new passkeys Passkey, Passkey 2, …', async () => {
    const { session, authenticator } = await userWithPasskey('names');
    // The test clock stands still otherwise, and the list is in order of creation.
    h.clock.advanceMinutes(1);
    const second = await finishRegistration(session, authenticator.register(await registerStart(session)));
    expect(second.body.user.webauthn_registrations.map((r: { name: string }) => r.name)).toEqual(['Passkey', 'Passkey 2']);
  });

  it("a second factor (is_passkey false) lists the session user's credentials and does not insist on user verification", async () => {
    const { session, authenticator } = await newUser('second-factor');
    const options = await registerStart(session, { is_passkey: false });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'discouraged', userVerification: 'preferred' });
    const registered = await finishRegistration(session, authenticator.register(options, { userVerified: false }));
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const requestOptions = await authenticateStart({ is_passkey: false }, session);
    expect(requestOptions.allowCredentials).toEqual([{ id: [...authenticator.credentials.keys()][0], type: 'public-key', transports: ['internal'] }]);
    const signedIn = await finishAuthentication(authenticator.authenticate(requestOptions, { userVerified: false }), session);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.session_token).toBe(session);
  });

  it('a second factor never signs in on its own: its start and its finish need the session', async () => {
    const { session, authenticator } = await newUser('second-factor-alone');
    await finishRegistration(session, authenticator.register(await registerStart(session, { is_passkey: false }), { userVerified: false }));
    expect(await h.json('POST', '/sdk/v1/webauthn/authenticate/start', { is_passkey: false })).toMatchObject(refusal('user_unauthenticated', 401));
    const assertion = authenticator.authenticate(await authenticateStart({ is_passkey: false }, session), { userVerified: false });
    expect(await finishAuthentication(assertion)).toMatchObject(refusal('user_unauthenticated', 401));
  });
});

describe('refusals', () => {
  it('a challenge works once: the same response again is webauthn_challenge_not_found', async () => {
    const { session, authenticator } = await newUser('replay');
    const registration = authenticator.register(await registerStart(session));
    expect((await finishRegistration(session, registration)).status).toBe(200);
    expect(await finishRegistration(session, registration)).toMatchObject(refusal('webauthn_challenge_not_found', 401));

    const assertion = authenticator.authenticate(await authenticateStart());
    expect((await finishAuthentication(assertion)).status).toBe(200);
    expect(await finishAuthentication(assertion)).toMatchObject(refusal('webauthn_challenge_not_found', 401));
  });

  it('a challenge expires after 5 minutes and belongs to its ceremony and its user', async () => {
    const { session, authenticator } = await userWithPasskey('expiry');
    const late = authenticator.authenticate(await authenticateStart());
    h.clock.advanceMinutes(6);
    expect(await finishAuthentication(late)).toMatchObject(refusal('webauthn_challenge_not_found'));

    // A registration challenge cannot finish a sign-in.
    const options = await registerStart(session);
    const crossed = authenticator.authenticate({ challenge: options.challenge, rpId: 'localhost', allowCredentials: [] });
    expect(await finishAuthentication(crossed)).toMatchObject(refusal('webauthn_challenge_not_found'));

    // Another user's registration challenge is not this session's.
    const other = await newUser('expiry-other');
    const stolen = authenticator.register(await registerStart(session));
    expect(await finishRegistration(other.session, stolen)).toMatchObject(refusal('webauthn_challenge_not_found'));
  });

  it('a response made on another origin is invalid_webauthn_response', async () => {
    const { session, authenticator } = await newUser('origin');
    const phished = authenticator.register(await registerStart(session), { origin: 'https://evil.example' });
    expect(await finishRegistration(session, phished)).toMatchObject(refusal('invalid_webauthn_response', 401));
    expect((await finishRegistration(session, authenticator.register(await registerStart(session)))).status).toBe(200);
    expect(await signInWithPasskey(authenticator, { origin: 'https://evil.example' })).toMatchObject(refusal('invalid_webauthn_response'));
  });

  it('a response for another relying party is invalid_webauthn_response', async () => {
    const { session, authenticator } = await newUser('rp');
    const elsewhere = authenticator.register(await registerStart(session), { rpId: 'evil.example' });
    expect(await finishRegistration(session, elsewhere)).toMatchObject(refusal('invalid_webauthn_response'));
    expect((await finishRegistration(session, authenticator.register(await registerStart(session)))).status).toBe(200);
    expect(await signInWithPasskey(authenticator, { rpId: 'evil.example' })).toMatchObject(refusal('invalid_webauthn_response'));
  });

  it('a passkey without user verification is invalid_webauthn_response', async () => {
    const { session, authenticator } = await newUser('uv');
    expect(await finishRegistration(session, authenticator.register(await registerStart(session), { userVerified: false }))).toMatchObject(
      refusal('invalid_webauthn_response'),
    );
    expect((await finishRegistration(session, authenticator.register(await registerStart(session)))).status).toBe(200);
    expect(await signInWithPasskey(authenticator, { userVerified: false })).toMatchObject(refusal('invalid_webauthn_response'));
  });

  it('a signature counter that does not move forward is invalid_webauthn_response (a cloned authenticator)', async () => {
    const { authenticator } = await userWithPasskey('counter');
    expect((await signInWithPasskey(authenticator, { counter: 5 })).status).toBe(200);
    expect(await signInWithPasskey(authenticator, { counter: 5 })).toMatchObject(refusal('invalid_webauthn_response'));
    expect(await signInWithPasskey(authenticator, { counter: 3 })).toMatchObject(refusal('invalid_webauthn_response'));
    expect((await signInWithPasskey(authenticator, { counter: 6 })).status).toBe(200);
  });

  it('a credential already registered, to this user or another, is duplicate_webauthn_registration', async () => {
    const { session, authenticator } = await newUser('duplicate');
    const first = authenticator.register(await registerStart(session));
    expect((await finishRegistration(session, first)).status).toBe(200);
    const again = withChallenge(first, (await registerStart(session)).challenge);
    expect(await finishRegistration(session, again)).toMatchObject(refusal('duplicate_webauthn_registration', 400));
    const other = await newUser('duplicate-other');
    const synced = withChallenge(first, (await registerStart(other.session)).challenge);
    expect(await finishRegistration(other.session, synced)).toMatchObject(refusal('duplicate_webauthn_registration'));
  });

  it('an unknown credential is webauthn_registration_not_found, and so is a deleted one', async () => {
    const { session, registrationId, authenticator } = await userWithPasskey('deleted');
    const deleted = await h.json('POST', '/sdk/v1/webauthn/delete', { webauthn_registration_id: registrationId }, { session });
    expect(deleted.body).toMatchObject({ status_code: 200, user_id: expect.any(String) });
    expect(await signInWithPasskey(authenticator)).toMatchObject(refusal('webauthn_registration_not_found', 404));
    const me = await h.json('GET', '/sdk/v1/users/me', undefined, { session });
    expect(me.body.webauthn_registrations).toEqual([]);
  });

  it('registering needs a session', async () => {
    expect(await h.json('POST', '/sdk/v1/webauthn/register/start', {})).toMatchObject(refusal('user_unauthenticated', 401));
    const { session, authenticator } = await newUser('no-session');
    const credential = authenticator.register(await registerStart(session));
    expect(await h.json('POST', '/sdk/v1/webauthn/register', { public_key_credential: credential })).toMatchObject(refusal('user_unauthenticated', 401));
  });
});

describe('rename and delete', () => {
  it("renames the session user's own passkey", async () => {
    const { session, registrationId } = await userWithPasskey('rename');
    const renamed = await h.json('POST', '/sdk/v1/webauthn/update', { webauthn_registration_id: registrationId, name: '  Work laptop ' }, { session });
    expect(renamed.status).toBe(200);
    expect(renamed.body.webauthn_registration).toEqual({ webauthn_registration_id: registrationId, name: 'Work laptop', created_at: expect.any(String) });
    const me = await h.json('GET', '/sdk/v1/users/me', undefined, { session });
    expect(me.body.webauthn_registrations[0].name).toBe('Work laptop');
  });

  it("another user's passkey cannot be renamed or deleted: webauthn_registration_not_found", async () => {
    const owner = await userWithPasskey('owner');
    const stranger = await newUser('stranger');
    const id = { webauthn_registration_id: owner.registrationId };
    expect(await h.json('POST', '/sdk/v1/webauthn/update', { ...id, name: 'Mine now' }, { session: stranger.session })).toMatchObject(
      refusal('webauthn_registration_not_found', 404),
    );
    expect(await h.json('POST', '/sdk/v1/webauthn/delete', id, { session: stranger.session })).toMatchObject(refusal('webauthn_registration_not_found', 404));
    expect(
      await h.json('POST', '/sdk/v1/webauthn/delete', { webauthn_registration_id: 'webauthn-registration-nope' }, { session: owner.session }),
    ).toMatchObject(refusal('webauthn_registration_not_found'));
    expect((await signInWithPasskey(owner.authenticator)).status).toBe(200);
  });
});

describe('generated credentials that are not what they claim', () => {
  const b64 = fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('base64url'));
  /** clientDataJSON: random bytes, random JSON, or JSON naming a live challenge around random fields. */
  const clientData = (challenge: string) =>
    fc.oneof(
      b64.filter((value) => value.length > 0),
      fc.jsonValue({ maxDepth: 2 }).map(b64json),
      fc
        .record({
          type: fc.constantFrom('webauthn.create', 'webauthn.get', 'x'),
          origin: fc.constantFrom(ORIGIN, 'null', ''),
          extra: fc.jsonValue({ maxDepth: 1 }),
        })
        .map((fields) => b64json({ ...fields, challenge })),
    );
  const nonEmpty = b64.filter((value) => value.length > 0);
  const credential = (response: fc.Arbitrary<Record<string, unknown>>) =>
    fc.record({ id: nonEmpty, rawId: nonEmpty, type: fc.constant('public-key'), clientExtensionResults: fc.constant({}), response });

  it('every finish answers a 4xx with an error_type, never a 500', async () => {
    const { session, registrationId } = await userWithPasskey('fuzz');
    const registerChallenge = (await registerStart(session)).challenge;
    const authChallenge = (await authenticateStart()).challenge;
    const cases: Array<[string, fc.Arbitrary<unknown>]> = [
      ['/sdk/v1/webauthn/register', credential(fc.record({ clientDataJSON: clientData(registerChallenge), attestationObject: nonEmpty }))],
      [
        '/sdk/v1/webauthn/authenticate',
        credential(fc.record({ clientDataJSON: clientData(authChallenge), authenticatorData: nonEmpty, signature: nonEmpty, userHandle: b64 })),
      ],
    ];
    for (const [path, arbitrary] of cases) {
      await fc.assert(
        fc.asyncProperty(arbitrary, async (value) => {
          const answer = await h.json('POST', path, { public_key_credential: value }, { session });
          expect(answer.status, JSON.stringify(value)).toBeGreaterThanOrEqual(400);
          expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
          expect(answer.body.error_type).toEqual(expect.any(String));
        }),
        { numRuns: 150 },
      );
    }
    // The passkey the fuzzing ran beside is untouched.
    const me = await h.json('GET', '/sdk/v1/users/me', undefined, { session });
    expect(me.body.webauthn_registrations.map((r: { webauthn_registration_id: string }) => r.webauthn_registration_id)).toEqual([registrationId]);
  });
});

describe('configuration', () => {
  const load = (env: NodeJS.ProcessEnv) => loadConfig({ file: REPO_CONFIG, env: { VESTIBULE_DATA_DIR: tempDir(), ...env } }).project.webauthn;

  it("defaults to the first allowed host name and the allowed origins on it: a fresh start's passkeys work on localhost, and 127.0.0.1 is left out", () => {
    expect(load({})).toEqual({ rpId: 'localhost', rpName: 'Vestibule Demo', origins: ['http://localhost:3000'], relatedOrigins: [] });
    expect(load({ VESTIBULE_ALLOWED_ORIGINS: 'https://app.acme.example' })).toMatchObject({ rpId: 'app.acme.example', origins: ['https://app.acme.example'] });
    // An IP address is never the rp id (browsers refuse it); the first host name is.
    expect(load({ VESTIBULE_ALLOWED_ORIGINS: 'http://127.0.0.1:3000, http://localhost:3000' })).toMatchObject({
      rpId: 'localhost',
      origins: ['http://localhost:3000'],
    });
    // A given rp id keeps the allowed origins on it and its subdomains.
    expect(
      load({
        VESTIBULE_WEBAUTHN_RP_ID: 'acme.example',
        VESTIBULE_ALLOWED_ORIGINS: 'https://acme.example, https://login.acme.example, https://acme.example.evil.test, https://other.example',
      }),
    ).toMatchObject({
      rpId: 'acme.example',
      origins: ['https://acme.example', 'https://login.acme.example'],
    });
  });

  it('refuses to start when a WebAuthn origin is not on the rp id or a subdomain of it, naming both', () => {
    expect(() => load({ VESTIBULE_WEBAUTHN_ORIGINS: 'http://localhost:3000, http://127.0.0.1:3000' })).toThrow(
      'Invalid Vestibule configuration: project.webauthn.origins (VESTIBULE_WEBAUTHN_ORIGINS): http://127.0.0.1:3000 is not on the relying-party id localhost (project.webauthn.rpId) or a subdomain of it, so browsers refuse every passkey ceremony there; list only origins on localhost, or set the rp id to a domain they share',
    );
    expect(() => load({ VESTIBULE_WEBAUTHN_RP_ID: 'acme.example', VESTIBULE_WEBAUTHN_ORIGINS: 'https://acme.example, https://notacme.example' })).toThrow(
      /https:\/\/notacme\.example is not on the relying-party id acme\.example/,
    );
    expect(() => load({ VESTIBULE_WEBAUTHN_RP_ID: 'login.acme.example', VESTIBULE_WEBAUTHN_ORIGINS: 'https://acme.example' })).toThrow(ConfigError);
    expect(() => load({ VESTIBULE_WEBAUTHN_RP_ID: '127.0.0.1' })).toThrow(/VESTIBULE_WEBAUTHN_RP_ID.*IP address/);
  });

  it('reads VESTIBULE_WEBAUTHN_RP_ID and VESTIBULE_WEBAUTHN_ORIGINS, and refuses a malformed rp id', () => {
    expect(load({ VESTIBULE_WEBAUTHN_RP_ID: 'acme.example', VESTIBULE_WEBAUTHN_ORIGINS: 'https://acme.example, https://login.acme.example' })).toMatchObject({
      rpId: 'acme.example',
      origins: ['https://acme.example', 'https://login.acme.example'],
    });
    expect(() => load({ VESTIBULE_WEBAUTHN_RP_ID: 'https://acme.example' })).toThrow(ConfigError);
    expect(() => load({ VESTIBULE_WEBAUTHN_ORIGINS: 'acme.example' })).toThrow(/VESTIBULE_WEBAUTHN_ORIGINS/);
  });
});
