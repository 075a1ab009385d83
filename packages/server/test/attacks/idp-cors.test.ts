import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/harness.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import { pkcePair } from '../helpers/pkce.js';

/**
 * A single-page relying party with no back end: its client entry lists its page's origin
 * (allowedOrigins), and the token, userinfo and revocation endpoints answer CORS for exactly that
 * origin. Any other origin, the project's own included, and any other client's calls, get none.
 */
const SPA = 'http://spa.example:5173';
const CALLBACK = `${SPA}/callback`;
const PROJECT = 'http://localhost:3000';

let s: ListeningServer;
beforeAll(async () => {
  s = await startListening(
    {},
    {
      VESTIBULE_IDP_CLIENTS: JSON.stringify([
        {
          client_id: 'spa',
          client_name: 'Single-page app',
          client_type: 'public',
          redirect_uris: [CALLBACK],
          allowed_scopes: ['openid', 'email', 'offline_access'],
          allowedOrigins: [SPA],
        },
      ]),
    },
  );
});
afterAll(() => s.close());

const allowedOrigin = (headers: Record<string, unknown>) => headers['access-control-allow-origin'];

/** The SPA's sign-in: the authorization page's submit, then the code exchanged from the SPA's origin. */
async function tokensFor(clientId: string, redirectUri: string, origin: string) {
  const session = (await s.signInByLink(uniqueEmail('spa'))).session_token;
  const { verifier, challenge } = pkcePair();
  const request = {
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: 'openid email offline_access',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  };
  const submit = await s.send('POST', '/sdk/v1/oauth2/authorize', { ...request, consent_granted: true }, { session });
  const code = new URL(submit.body.redirect_uri).searchParams.get('code')!;
  return s.send('POST', '/oauth2/token', undefined, {
    token: null,
    headers: { Origin: origin },
    form: { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier, client_id: clientId },
  });
}

describe("CORS of the identity provider's endpoints for browser relying parties", () => {
  it("the SPA's origin: the code exchange, userinfo and revocation answer it (and it can read the challenge and the wait)", async () => {
    const tokens = await tokensFor('spa', CALLBACK, SPA);
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    expect(allowedOrigin(tokens.headers)).toBe(SPA);
    expect(tokens.headers['access-control-expose-headers']).toContain('WWW-Authenticate');
    const bearer = { Origin: SPA, Authorization: `Bearer ${tokens.body.access_token}` };
    const userinfo = await s.send('GET', '/oauth2/userinfo', undefined, { token: null, headers: bearer });
    expect(userinfo.status).toBe(200);
    expect(allowedOrigin(userinfo.headers)).toBe(SPA);
    const revoked = await s.send('POST', '/oauth2/revoke', undefined, {
      token: null,
      headers: { Origin: SPA },
      form: { token: tokens.body.refresh_token, client_id: 'spa' },
    });
    expect(revoked.status).toBe(200);
    expect(allowedOrigin(revoked.headers)).toBe(SPA);
    // A revoked token's error is readable from the page too (no client is known from a dead token).
    const refused = await s.send('GET', '/oauth2/userinfo', undefined, { token: null, headers: { Origin: SPA, Authorization: 'Bearer not-a-live-token' } });
    expect(refused.status).toBe(401);
    expect(allowedOrigin(refused.headers)).toBe(SPA);
  });

  it("the preflight of userinfo (Authorization header) is answered for the SPA's origin only", async () => {
    const preflight = (origin: string) =>
      s.send('OPTIONS', '/oauth2/userinfo', undefined, {
        token: null,
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
      });
    const ok = await preflight(SPA);
    expect(ok.status).toBe(204);
    expect(allowedOrigin(ok.headers)).toBe(SPA);
    expect(String(ok.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    for (const origin of [PROJECT, 'http://evil.example', `${SPA}.evil.example`, 'https://spa.example:5173', 'http://spa.example']) {
      expect(allowedOrigin((await preflight(origin)).headers), origin).toBeUndefined();
    }
  });

  it("other origins get no CORS headers, the project's own included; nor does the SPA's origin for another client's calls", async () => {
    for (const origin of [PROJECT, 'http://evil.example', `${SPA}/`]) {
      const tokens = await tokensFor('spa', CALLBACK, origin);
      expect(tokens.status).toBe(200);
      expect(allowedOrigin(tokens.headers), origin).toBeUndefined();
    }
    const otherClient = await tokensFor('demo-rp', 'http://localhost:3001/callback', SPA);
    expect(otherClient.status).toBe(200);
    expect(allowedOrigin(otherClient.headers)).toBeUndefined();
    const userinfo = await s.send('GET', '/oauth2/userinfo', undefined, {
      token: null,
      headers: { Origin: SPA, Authorization: `Bearer ${otherClient.body.access_token}` },
    });
    expect(userinfo.status).toBe(200);
    expect(allowedOrigin(userinfo.headers)).toBeUndefined();
  });

  it('discovery answers the SPA too (it reads the endpoints from there); the SDK routes still answer only the project', async () => {
    const discovery = await s.send('GET', '/.well-known/openid-configuration', undefined, { token: null, headers: { Origin: SPA } });
    expect(allowedOrigin(discovery.headers)).toBe(SPA);
    const bootstrap = await s.send('GET', '/sdk/v1/projects/bootstrap', undefined, { headers: { Origin: SPA } });
    expect(allowedOrigin(bootstrap.headers)).toBeUndefined();
    expect(allowedOrigin((await s.send('GET', '/sdk/v1/projects/bootstrap', undefined, { headers: { Origin: PROJECT } })).headers)).toBe(PROJECT);
  });
});
