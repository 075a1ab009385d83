import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, uniqueEmail, type Harness } from './helpers/harness.js';

/**
 * Session attest (the identity-provider widget's session guard): a JWT of a configured token
 * profile (issuer, audience, keys inline or at a JWKS URL) starts a session for its email's user.
 */
const inline = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const remote = generateKeyPairSync('rsa', { modulusLength: 2048 });
let jwksServer: Server;
let h: Harness;

beforeAll(async () => {
  jwksServer = createServer((_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ keys: [{ ...remote.publicKey.export({ format: 'jwk' }), kid: 'r1', alg: 'RS256', use: 'sig' }] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const port = (jwksServer.address() as { port: number }).port;
  h = await startHarness(
    {},
    {
      VESTIBULE_IDP_TOKEN_PROFILES: JSON.stringify([
        {
          profile_id: 'inline',
          issuer: 'https://host.example',
          audience: 'vestibule',
          jwks: { keys: [{ ...inline.publicKey.export({ format: 'jwk' }), kid: 'i1', alg: 'ES256' }] },
        },
        { profile_id: 'remote', issuer: 'https://other.example', audience: 'vestibule', jwks_url: `http://127.0.0.1:${port}/jwks`, email_claim: 'mail' },
      ]),
    },
  );
});
afterAll(async () => {
  await h.close();
  await new Promise((resolve) => jwksServer.close(resolve));
});

interface Options {
  claims?: Record<string, unknown>;
  issuer?: string;
  audience?: string;
  expires?: string | number;
}

const inlineToken = (email: string, o: Options = {}) =>
  new SignJWT({ email, ...o.claims })
    .setProtectedHeader({ alg: 'ES256', kid: 'i1' })
    .setIssuer(o.issuer ?? 'https://host.example')
    .setAudience(o.audience ?? 'vestibule')
    .setExpirationTime(o.expires ?? '5m')
    .sign(inline.privateKey);

const attest = (body: Record<string, unknown>) => h.json('POST', '/sdk/v1/sessions/attest', body);

describe('session attest', () => {
  it('signs in the user of the email claim (made, with the email proven, when new) for 60 minutes', async () => {
    const email = uniqueEmail('attest');
    const first = await attest({ profile_id: 'inline', token: await inlineToken(email) });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.user.emails).toEqual([expect.objectContaining({ email, verified: true })]);
    expect(Date.parse(first.body.session.expires_at) - Date.parse(first.body.session.started_at)).toBe(60 * 60_000);
    const again = await attest({ profile_id: 'inline', token: await inlineToken(email.toUpperCase()), session_duration_minutes: 30 });
    expect(again.body.user.user_id).toBe(first.body.user.user_id);
    expect(again.body.session.session_id).not.toBe(first.body.session.session_id);
  });

  it("checks keys fetched from a JWKS URL, and the profile's email claim", async () => {
    const email = uniqueEmail('attest-remote');
    const token = await new SignJWT({ mail: email })
      .setProtectedHeader({ alg: 'RS256', kid: 'r1' })
      .setIssuer('https://other.example')
      .setAudience('vestibule')
      .setExpirationTime('5m')
      .sign(remote.privateKey);
    const answer = await attest({ profile_id: 'remote', token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.user.emails[0].email).toBe(email);
  });

  it('refuses a wrong issuer, audience, signer or algorithm, an expired token, no email, an unknown profile', async () => {
    const email = uniqueEmail('attest-bad');
    const refused = async (token: string, type = 'invalid_trusted_auth_token', profile = 'inline') => {
      const answer = await attest({ profile_id: profile, token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(type === 'token_profile_not_found' ? 400 : 401);
      expect(answer.body.error_type).toBe(type);
    };
    await refused(await inlineToken(email, { issuer: 'https://evil.example' }));
    await refused(await inlineToken(email, { audience: 'someone-else' }));
    await refused(await inlineToken(email, { expires: Math.floor(Date.now() / 1000) - 3600 }));
    // A claim no database can hold (an outside attack found it answered 500).
    await refused(await inlineToken(`a\u0000${email}`));
    await refused(
      await new SignJWT({ email })
        .setProtectedHeader({ alg: 'ES256', kid: 'i1' })
        .setIssuer('https://host.example')
        .setAudience('vestibule')
        .setExpirationTime('5m')
        .sign(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey),
    );
    await refused(
      await new SignJWT({ email })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('https://host.example')
        .setAudience('vestibule')
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode('x'.repeat(32))),
    );
    await refused(
      await new SignJWT({ email })
        .setProtectedHeader({ alg: 'ES256', kid: 'i1' })
        .setIssuer('https://host.example')
        .setAudience('vestibule')
        .sign(inline.privateKey),
    );
    await refused(await inlineToken('not an email'));
    await refused('not.a.jwt');
    await refused(await inlineToken(email), 'token_profile_not_found', 'nobody');
    expect((await attest({ profile_id: 'inline' })).status).toBe(400);
  });
});
