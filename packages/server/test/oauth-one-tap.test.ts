import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/harness.js';
import { startTestProvider, type TestProvider } from './helpers/oauth-provider.js';

/**
 * Google one-tap: the start's nonce, an ID token signed by the test provider's JWKS key carrying
 * it, and every way a credential must be refused before anyone is signed in.
 */
let h: Harness;
let idp: TestProvider;

beforeAll(async () => {
  idp = await startTestProvider();
  h = await startHarness({}, { ...idp.env('google', { idToken: true }), VESTIBULE_OAUTH_GOOGLE_ONE_TAP_SCRIPT_URL: `${idp.url}/gsi/client` });
});
afterAll(async () => {
  await h.close();
  await idp.close();
});

async function start(): Promise<{ client_id: string; script_url: string; nonce: string }> {
  const answer = await h.json('POST', '/sdk/v1/oauth/google/onetap/start', {});
  expect(answer.status).toBe(200);
  return answer.body;
}

const claims = (nonce: string, extra: Record<string, unknown> = {}) => {
  const email = `onetap-${randomUUID()}@example.com`;
  return { aud: 'google-client', sub: `sub-${randomUUID()}`, nonce, email, email_verified: true, name: 'Pat Example', ...extra };
};

const authenticate = (body: Record<string, unknown>) => h.json('POST', '/sdk/v1/oauth/google/onetap', body);

describe('Google one-tap', () => {
  it('the start gives the client id, the script URL setting and a nonce', async () => {
    const answer = await start();
    expect(answer.client_id).toBe('google-client');
    expect(answer.script_url).toBe(`${idp.url}/gsi/client`);
    expect(answer.nonce.length).toBeGreaterThan(20);
  });

  it('a valid one-tap ID token signs in (a new user, then the same user by subject)', async () => {
    const { nonce } = await start();
    const token = claims(nonce);
    const first = await authenticate({ id_token: await idp.idToken(token), nonce });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ provider_type: 'google', provider_subject: token.sub });
    expect(first.body.session.authentication_factors[0]).toMatchObject({ type: 'oauth', delivery_method: 'oauth' });
    expect(first.body.user.emails).toEqual([expect.objectContaining({ email: token.email, verified: true })]);

    const again = await start();
    const second = await authenticate({ id_token: await idp.idToken({ ...token, nonce: again.nonce }) });
    expect(second.status).toBe(200);
    expect(second.body.user_id).toBe(first.body.user_id);
  });

  const refusals: Array<[string, (nonce: string) => Promise<string>]> = [
    ['a forged signature', (nonce) => idp.idToken(claims(nonce), { forged: true })],
    ['the wrong audience', (nonce) => idp.idToken(claims(nonce, { aud: 'someone-elses-client' }))],
    ['an expired token', (nonce) => idp.idToken(claims(nonce), { expiresIn: Math.floor(Date.now() / 1000) - 60 })],
    ['another issuer', (nonce) => idp.idToken(claims(nonce, { iss: 'https://evil.example' }))],
    ['a nonce the server never issued', () => idp.idToken(claims('made-up-nonce'))],
    ['no nonce', () => idp.idToken(claims('x', { nonce: undefined }))],
  ];
  for (const [name, make] of refusals) {
    it(`refuses ${name} with invalid_id_token and signs no one in`, async () => {
      const { nonce } = await start();
      const answer = await authenticate({ id_token: await make(nonce) });
      expect(answer.status).toBe(401);
      expect(answer.body.error_type).toBe('invalid_id_token');
      expect(answer.headers.get('set-cookie') ?? '').not.toContain('vestibule_session=');
    });
  }

  it('a refused (forged) token does not spend the nonce; a replayed nonce is refused', async () => {
    const { nonce } = await start();
    const token = claims(nonce);
    expect((await authenticate({ id_token: await idp.idToken(token, { forged: true }) })).status).toBe(401);
    expect((await authenticate({ id_token: await idp.idToken(token) })).status).toBe(200);
    const replay = await authenticate({ id_token: await idp.idToken(token) });
    expect(replay.status).toBe(401);
    expect(replay.body.error_type).toBe('invalid_id_token');
  });

  it('a nonce in the body that differs from the token\'s is refused', async () => {
    const { nonce } = await start();
    const other = await start();
    const answer = await authenticate({ id_token: await idp.idToken(claims(nonce)), nonce: other.nonce });
    expect(answer.body.error_type).toBe('invalid_id_token');
  });

  it('a redirect URL off the allowlist is a setup error at the start', async () => {
    const answer = await h.json('POST', '/sdk/v1/oauth/google/onetap/start', { login_redirect_url: 'https://evil.example/login' });
    expect(answer.status).toBe(400);
    expect(answer.body.error_type).toBe('invalid_redirect_url');
  });
});

describe('Google one-tap without a Google client id', () => {
  it('answers oauth_config_not_found', async () => {
    const bare = await startHarness();
    try {
      const answer = await bare.json('POST', '/sdk/v1/oauth/google/onetap/start', {});
      expect(answer.status).toBe(400);
      expect(answer.body.error_type).toBe('oauth_config_not_found');
      const signIn = await bare.json('POST', '/sdk/v1/oauth/google/onetap', { id_token: 'x.y.z' });
      expect(signIn.body.error_type).toBe('oauth_config_not_found');
    } finally {
      await bare.close();
    }
  });
});
