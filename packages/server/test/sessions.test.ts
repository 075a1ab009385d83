import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionJwtClaims, SessionResponse } from '@vestibule/contract';
import { startHarness, uniqueEmail, type Harness } from './helpers/harness.js';
import { PUBLIC_TOKEN, testConfig } from './helpers/test-config.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

async function jwks(): Promise<JSONWebKeySet> {
  const response = await h.call('GET', '/.well-known/jwks.json', undefined, { token: null });
  expect(response.status).toBe(200);
  return (await response.json()) as JSONWebKeySet;
}

async function verify(jwt: string, keys?: JSONWebKeySet) {
  return jwtVerify(jwt, createLocalJWKSet(keys ?? (await jwks())), {
    issuer: h.config.publicUrl,
    audience: PUBLIC_TOKEN,
    algorithms: ['ES256'],
    currentDate: h.clock(),
  });
}

describe('sessions', () => {
  it('refreshes a session: same token, fresh JWT, last_accessed_at moves, expiry extended on request', async () => {
    const signedIn = await h.signIn(uniqueEmail());
    h.clock.advanceMinutes(2);
    const plain = await h.json<SessionResponse>('POST', '/sdk/v1/sessions/authenticate', {}, { session: signedIn.session_token });
    expect(plain.status).toBe(200);
    expect(plain.body.session_token).toBe(signedIn.session_token);
    expect(plain.body.session.session_id).toBe(signedIn.session.session_id);
    expect(Date.parse(plain.body.session.last_accessed_at) - Date.parse(signedIn.session.last_accessed_at)).toBe(2 * 60_000);
    expect(plain.body.session.expires_at).toBe(signedIn.session.expires_at);
    expect(plain.body.session_jwt).not.toBe(signedIn.session_jwt);

    const extended = await h.json<SessionResponse>(
      'POST',
      '/sdk/v1/sessions/authenticate',
      { session_duration_minutes: 120 },
      { session: signedIn.session_token },
    );
    expect(Date.parse(extended.body.session.expires_at) - Date.parse(extended.body.session.last_accessed_at)).toBe(120 * 60_000);
  });

  it('ends a session when it expires', async () => {
    const signedIn = await h.signIn(uniqueEmail());
    h.clock.advanceMinutes(31);
    const response = await h.json('POST', '/sdk/v1/sessions/authenticate', {}, { session: signedIn.session_token });
    expect(response.status).toBe(401);
    expect(response.body.error_type).toBe('session_not_found');
  });

  it('revokes a session so it no longer authenticates or reads the user', async () => {
    const signedIn = await h.signIn(uniqueEmail());
    const revoke = await h.json('POST', '/sdk/v1/sessions/revoke', {}, { session: signedIn.session_token });
    expect(revoke.status).toBe(200);
    expect(revoke.body).toEqual({ status_code: 200, request_id: expect.any(String) });
    for (const [method, path, body] of [
      ['POST', '/sdk/v1/sessions/authenticate', {}],
      ['GET', '/sdk/v1/users/me', undefined],
      ['POST', '/sdk/v1/sessions/revoke', {}],
    ] as const) {
      const response = await h.json(method, path, body, { session: signedIn.session_token });
      expect(response.status).toBe(401);
      expect(response.body.error_type).toBe('session_not_found');
    }
  });

  it('accepts revoke with an empty body', async () => {
    const signedIn = await h.signIn(uniqueEmail());
    const response = await h.call('POST', '/sdk/v1/sessions/revoke', undefined, { session: signedIn.session_token });
    expect(response.status).toBe(200);
  });

  it('answers users/me without a session with user_unauthenticated, and with a bad one with session_not_found', async () => {
    const none = await h.json('GET', '/sdk/v1/users/me');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ error_type: 'user_unauthenticated', status_code: 401 });
    const unknown = await h.json('GET', '/sdk/v1/users/me', undefined, { session: 'made-up-token' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error_type).toBe('session_not_found');
    const refresh = await h.json('POST', '/sdk/v1/sessions/authenticate', {});
    expect(refresh.body.error_type).toBe('user_unauthenticated');
  });
});

describe('session JWT', () => {
  it('is ES256, names the user and session, lives 5 minutes, and verifies against the JWKS', async () => {
    const signedIn = await h.signIn(uniqueEmail());
    const keys = await jwks();
    expect(keys.keys.length).toBeGreaterThanOrEqual(1);
    for (const key of keys.keys) {
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: expect.any(String) });
      expect(key).not.toHaveProperty('d');
    }
    const header = decodeProtectedHeader(signedIn.session_jwt);
    expect(header.alg).toBe('ES256');
    expect(keys.keys.map((k) => k.kid)).toContain(header.kid);
    const { payload } = await verify(signedIn.session_jwt, keys);
    const claims = payload as unknown as SessionJwtClaims;
    expect(claims.sub).toBe(signedIn.user_id);
    expect(claims.exp - claims.iat).toBe(5 * 60);
    expect(claims.vestibule_session).toMatchObject({
      session_id: signedIn.session.session_id,
      started_at: signedIn.session.started_at,
      expires_at: signedIn.session.expires_at,
    });
    expect(claims.vestibule_session.authentication_factors[0]!.type).toBe('magic_link');
    await expect(jwtVerify(signedIn.session_jwt, createLocalJWKSet(keys), { audience: 'other-token', currentDate: h.clock() })).rejects.toThrow();
    const later = new Date(h.clock().getTime() + 6 * 60_000);
    await expect(jwtVerify(signedIn.session_jwt, createLocalJWKSet(keys), { currentDate: later })).rejects.toThrow(/exp/);
  });

  it('a session JWT never outlives its session, whatever sessionJwtMinutes says', async () => {
    const long = await startHarness({ project: { ...testConfig().project, sessionJwtMinutes: 60 } });
    try {
      const { token } = await long.sendLink(uniqueEmail());
      const signedIn = await long.json<SessionResponse>('POST', '/sdk/v1/magic_links/authenticate', { token, session_duration_minutes: 5 });
      const claims = JSON.parse(Buffer.from(signedIn.body.session_jwt.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number; iat: number };
      expect(claims.exp).toBe(Math.floor(Date.parse(signedIn.body.session.expires_at) / 1000));
      expect(claims.exp - claims.iat).toBeLessThanOrEqual(5 * 60);
    } finally {
      await long.close();
    }
  });

  it('rotates keys: new JWTs use the new key, old JWTs verify until the old key retires', async () => {
    const before = await h.signIn(uniqueEmail());
    const oldKid = decodeProtectedHeader(before.session_jwt).kid!;
    const rotated = await h.server.rotateSigningKey();
    expect(rotated.previousKid).toBe(oldKid);
    const after = await h.json<SessionResponse>('POST', '/sdk/v1/sessions/authenticate', {}, { session: before.session_token });
    expect(decodeProtectedHeader(after.body.session_jwt).kid).toBe(rotated.kid);
    const published = (await jwks()).keys.map((k) => k.kid);
    expect(published).toEqual(expect.arrayContaining([oldKid, rotated.kid]));
    await verify(before.session_jwt);
    await verify(after.body.session_jwt);

    expect(await h.server.retireSigningKey(oldKid)).toBe(true);
    expect((await jwks()).keys.map((k) => k.kid)).not.toContain(oldKid);
    await expect(verify(before.session_jwt)).rejects.toThrow();
    await verify(after.body.session_jwt);
    // The active key cannot be retired.
    expect(await h.server.retireSigningKey(rotated.kid)).toBe(false);
  });
});
