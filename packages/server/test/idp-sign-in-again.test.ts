import type { SessionResponse } from '@vestibule/contract';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenFromLink, uniqueEmail } from './helpers/harness.js';
import type { ListeningServer } from './helpers/listening.js';
import { sharedListening } from './helpers/shared-stack.js';
import { pkcePair } from './helpers/pkce.js';

/**
 * prompt=login and max_age against the listening server: a session that is too old (any session,
 * for prompt=login) is asked to sign in again before a code is issued, a submit before that sends
 * login_required back with no code, and after a new sign-in the id_token's auth_time is the new one.
 */
const RP = 'http://localhost:3001/callback';
let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

function request(extra: Record<string, string>) {
  const { verifier, challenge } = pkcePair();
  const params = {
    client_id: 'demo-rp',
    redirect_uri: RP,
    scope: 'openid email',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st',
    ...extra,
  };
  return { params, verifier };
}

const start = (params: object, session: string) => s.send('POST', '/sdk/v1/oauth2/authorize/start', params, { session });
const submit = (params: object, session: string) => s.send('POST', '/sdk/v1/oauth2/authorize', { ...params, consent_granted: true }, { session });
const claimsOf = (idToken: string) => JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')) as { auth_time: number };

/** Another sign-in by link, presented with the session: the same session gains the newer factor. */
async function signInAgain(email: string, session: SessionResponse): Promise<SessionResponse> {
  expect((await s.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email })).status).toBe(200);
  const { token } = tokenFromLink((await s.outbox(email))[0]!.text);
  const again = await s.send<SessionResponse>('POST', '/sdk/v1/magic_links/authenticate', { token }, { session: session.session_token });
  expect(again.status, JSON.stringify(again.body)).toBe(200);
  expect(again.body.session.session_id).toBe(session.session.session_id);
  return again.body;
}

describe('prompt=login and max_age', () => {
  it('prompt=login: the preflight asks for a new sign-in (no scopes, no consent); a submit anyway gets login_required back, no code', async () => {
    const { session_token: session } = await s.signInByLink(uniqueEmail('login-again'));
    const { params } = request({ prompt: 'login' });
    const preflight = await start(params, session);
    expect(preflight.status).toBe(200);
    expect(preflight.body).toMatchObject({
      reauthentication_required: true,
      consent_required: false,
      scope_results: [],
      client: { client_name: 'Sample app' },
    });
    expect(preflight.body.error).toBeUndefined();
    const refused = await submit(params, session);
    const back = new URL(refused.body.redirect_uri);
    expect(back.searchParams.get('error')).toBe('login_required');
    expect(back.searchParams.get('state')).toBe('st');
    expect(back.searchParams.has('code')).toBe(false);
  });

  it('max_age: a sign-in older than it is asked again; after a new sign-in the code is issued and the id_token carries the new auth_time', async () => {
    const email = uniqueEmail('max-age');
    const first = await s.signInByLink(email);
    const firstAt = Math.floor(Date.parse(first.session.authentication_factors[0]!.last_authenticated_at) / 1000);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const { params, verifier } = request({ max_age: '2' });
    expect((await start(params, first.session_token)).body.reauthentication_required).toBe(true);
    expect(new URL((await submit(params, first.session_token)).body.redirect_uri).searchParams.get('error')).toBe('login_required');

    const again = await signInAgain(email, first);
    const preflight = await start(params, again.session_token);
    expect(preflight.body.reauthentication_required).toBeUndefined();
    const code = new URL((await submit(params, again.session_token)).body.redirect_uri).searchParams.get('code');
    expect(code).toBeTruthy();
    const tokens = await s.send('POST', '/oauth2/token', undefined, {
      token: null,
      form: { grant_type: 'authorization_code', code: code!, redirect_uri: RP, code_verifier: verifier, client_id: 'demo-rp' },
    });
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    expect(claimsOf(tokens.body.id_token).auth_time).toBeGreaterThanOrEqual(firstAt + 2);
  });

  it('a recent enough sign-in goes on; prompt=none with a too old one sends login_required back; a max_age that is no number is invalid_request', async () => {
    const { session_token: session } = await s.signInByLink(uniqueEmail('max-age-ok'));
    const fine = await start(request({ max_age: '3600' }).params, session);
    expect(fine.body.reauthentication_required).toBeUndefined();
    expect(fine.body.consent_required).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const none = await start(request({ max_age: '0', prompt: 'none' }).params, session);
    expect(new URL(none.body.redirect_uri).searchParams.get('error')).toBe('login_required');
    const bad = await start(request({ max_age: 'soon' }).params, session);
    expect(bad.body.error).toBe('invalid_request');
  });

  it('discovery lists prompt=login', async () => {
    expect((await s.send('GET', '/.well-known/openid-configuration', undefined, { token: null })).body.prompt_values_supported).toContain('login');
  });

  it('a credential the session attaches (a wallet linked here; a passkey registered is marked the same) is no new sign-in: a stolen session cannot meet max_age with one', async () => {
    const { session_token: session } = await s.signInByLink(uniqueEmail('attach'));
    const account = privateKeyToAccount(generatePrivateKey());
    const wallet = { crypto_wallet_address: account.address, crypto_wallet_type: 'ethereum' };
    const signInWithWallet = async () => {
      const pkce = pkcePair();
      const started = await s.send('POST', '/sdk/v1/crypto_wallets/authenticate/start', { ...wallet, code_challenge: pkce.challenge }, { session });
      const signature = await account.signMessage({ message: started.body.challenge });
      const signedIn = await s.send<SessionResponse>(
        'POST',
        '/sdk/v1/crypto_wallets/authenticate',
        { ...wallet, signature, code_verifier: pkce.verifier },
        { session },
      );
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
      return signedIn.body;
    };
    // The sign-in by link grows older than max_age; then the wallet is linked to the session's user
    // and shown among its factors, as any sign-in's is, but it does not make the sign-in recent.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const linked = await signInWithWallet();
    expect(linked.session.authentication_factors.map((factor) => factor.type)).toEqual(['magic_link', 'crypto']);
    expect(JSON.stringify(linked.session)).not.toContain('attached');
    const { params } = request({ max_age: '2' });
    expect((await start(params, session)).body.reauthentication_required).toBe(true);
    // Signing with it again within the session proves no more than the first time did.
    await signInWithWallet();
    expect((await start(params, session)).body.reauthentication_required).toBe(true);
  });
});
