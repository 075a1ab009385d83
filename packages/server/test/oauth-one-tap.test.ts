import { createHash, randomUUID } from 'node:crypto';
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

/** The browser's PKCE pair: the challenge goes with the credential, the verifier to the exchange. */
const VERIFIER = 'v'.repeat(43);
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

const submit = (body: Record<string, unknown>) => h.json('POST', '/sdk/v1/oauth/google/onetap', { code_challenge: CHALLENGE, ...body });

/** The landing's part: the token of the answered redirect URL, exchanged with the verifier. */
async function land(redirectUrl: string) {
  const url = new URL(redirectUrl);
  expect(url.searchParams.get('vestibule_token_type')).toBe('oauth');
  return h.json('POST', '/sdk/v1/oauth/authenticate', { token: url.searchParams.get('token'), code_verifier: VERIFIER });
}

describe('Google one-tap', () => {
  it('the start gives the client id, the script URL setting and a nonce', async () => {
    const answer = await start();
    expect(answer.client_id).toBe('google-client');
    expect(answer.script_url).toBe(`${idp.url}/gsi/client`);
    expect(answer.nonce.length).toBeGreaterThan(20);
  });

  it('a valid one-tap ID token answers the signup landing with a one-time token (a new user), then the login landing (the same user by subject)', async () => {
    const { nonce } = await start();
    const token = claims(nonce);
    const first = await submit({ id_token: await idp.idToken(token), nonce });
    expect(first.status).toBe(200);
    // No session yet: the landing's exchange starts it, as after a button's flow.
    expect(first.headers.get('set-cookie') ?? '').not.toContain('vestibule_session=');
    expect(first.body.redirect_url.startsWith(`${h.config.project.signupRedirectUrls[0]}?`)).toBe(true);
    const signedUp = await land(first.body.redirect_url);
    expect(signedUp.status).toBe(200);
    expect(signedUp.body).toMatchObject({ provider_type: 'google', provider_subject: token.sub });
    expect(signedUp.body.session.authentication_factors[0]).toMatchObject({ type: 'oauth', delivery_method: 'oauth' });
    expect(signedUp.body.user.emails).toEqual([expect.objectContaining({ email: token.email, verified: true })]);

    const again = await start();
    const second = await submit({ id_token: await idp.idToken({ ...token, nonce: again.nonce }), login_redirect_url: h.config.project.loginRedirectUrls[0] });
    expect(second.body.redirect_url.startsWith(`${h.config.project.loginRedirectUrls[0]}?`)).toBe(true);
    const loggedIn = await land(second.body.redirect_url);
    expect(loggedIn.body.user_id).toBe(signedUp.body.user_id);
  });

  it('the landing token is bound to the challenge sent with the credential: another verifier gets nothing', async () => {
    const { nonce } = await start();
    const answer = await submit({ id_token: await idp.idToken(claims(nonce)) });
    const token = new URL(answer.body.redirect_url).searchParams.get('token');
    const stolen = await h.json('POST', '/sdk/v1/oauth/authenticate', { token, code_verifier: 'w'.repeat(43) });
    expect(stolen.body.error_type).toBe('oauth_token_not_found');
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
      const answer = await submit({ id_token: await make(nonce) });
      expect(answer.status).toBe(401);
      expect(answer.body.error_type).toBe('invalid_id_token');
      expect(answer.headers.get('set-cookie') ?? '').not.toContain('vestibule_session=');
    });
  }

  it('a refused (forged) token does not spend the nonce; a replayed nonce is refused', async () => {
    const { nonce } = await start();
    const token = claims(nonce);
    expect((await submit({ id_token: await idp.idToken(token, { forged: true }) })).status).toBe(401);
    expect((await submit({ id_token: await idp.idToken(token) })).status).toBe(200);
    const replay = await submit({ id_token: await idp.idToken(token) });
    expect(replay.status).toBe(401);
    expect(replay.body.error_type).toBe('invalid_id_token');
  });

  it("a nonce in the body that differs from the token's is refused", async () => {
    const { nonce } = await start();
    const other = await start();
    const answer = await submit({ id_token: await idp.idToken(claims(nonce)), nonce: other.nonce });
    expect(answer.body.error_type).toBe('invalid_id_token');
  });

  it('a redirect URL off the allowlist is a setup error at the start, and refused at the submit before the nonce is spent', async () => {
    const answer = await h.json('POST', '/sdk/v1/oauth/google/onetap/start', { login_redirect_url: 'https://evil.example/login' });
    expect(answer.status).toBe(400);
    expect(answer.body.error_type).toBe('invalid_redirect_url');
    const { nonce } = await start();
    const idToken = await idp.idToken(claims(nonce));
    const offList = await submit({ id_token: idToken, signup_redirect_url: 'https://evil.example/new' });
    expect(offList.body.error_type).toBe('invalid_redirect_url');
    expect((await submit({ id_token: idToken })).status).toBe(200);
  });

  it('a missing or malformed PKCE challenge is a 400 that names it', async () => {
    const { nonce } = await start();
    const answer = await h.json('POST', '/sdk/v1/oauth/google/onetap', { id_token: await idp.idToken(claims(nonce)) });
    expect(answer.status).toBe(400);
    expect(answer.body.error_message).toContain('code_challenge');
  });
});

describe('Google one-tap without a Google client id', () => {
  it('answers oauth_config_not_found', async () => {
    const bare = await startHarness();
    try {
      const answer = await bare.json('POST', '/sdk/v1/oauth/google/onetap/start', {});
      expect(answer.status).toBe(400);
      expect(answer.body.error_type).toBe('oauth_config_not_found');
      const signIn = await bare.json('POST', '/sdk/v1/oauth/google/onetap', { id_token: 'x.y.z', code_challenge: CHALLENGE });
      expect(signIn.body.error_type).toBe('oauth_config_not_found');
    } finally {
      await bare.close();
    }
  });
});
