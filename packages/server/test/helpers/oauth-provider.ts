import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

/** Text for an HTML attribute (the form_post page). */
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A small OAuth 2.0 / OpenID Connect provider on 127.0.0.1 that stands in for the real ones
 * through the VESTIBULE_OAUTH_<NAME>_* settings: authorize (approves at once, or denies), token
 * (client secret by POST or Basic, PKCE), userinfo, Discord's /users/@me, GitHub's /user and /user/emails, and a JWKS
 * its ID tokens are signed with.
 */
export interface ProviderUser {
  sub: string;
  email: string | null;
  email_verified: boolean;
  name: string;
}

export interface TestProvider {
  url: string;
  /** Who signs in at the next authorization. */
  user: ProviderUser;
  /** The next authorization is refused (error=access_denied). */
  deny: boolean;
  /** Sign ID tokens with a key that is not in the JWKS. */
  forgeIdTokens: boolean;
  /** Answer the token's scope as an array (as Twitch does). */
  scopeAsArray: boolean;
  /**
   * An ID token as Google's one-tap prompt hands it to the page: iss this provider, the claims
   * given (aud, nonce, sub, email, …), signed with the JWKS key (or, forged, with another key).
   */
  idToken(claims: Record<string, unknown>, options?: { forged?: boolean; expiresIn?: string | number }): Promise<string>;
  /** Settings for one provider type pointing at this server. */
  env(type: string, options?: { idToken?: boolean }): Record<string, string>;
  close(): Promise<void>;
}

/** The Google Identity Services stand-in the browser tests load through VESTIBULE_OAUTH_GOOGLE_ONE_TAP_SCRIPT_URL. */
const GSI_STAND_IN = new URL('../../../../e2e/fixtures/gsi-client.js', import.meta.url);

export const CLIENT_SECRET = 'test-client-secret';

/** Where the providers whose profile is not OpenID Connect's keep it, in the shape they answer. */
const USERINFO_PATHS: Record<string, string> = { github: '/user', discord: '/users/@me' };

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => resolve(body));
  });

/** The VESTIBULE_OAUTH_<NAME>_* settings that point one provider type at the test provider at `url`. */
export function testProviderEnv(url: string, type: string, options: { idToken?: boolean } = {}): Record<string, string> {
  const prefix = `VESTIBULE_OAUTH_${type.toUpperCase()}_`;
  return {
    [`${prefix}CLIENT_ID`]: `${type}-client`,
    [`${prefix}CLIENT_SECRET`]: CLIENT_SECRET,
    [`${prefix}AUTHORIZATION_URL`]: `${url}/authorize`,
    [`${prefix}TOKEN_URL`]: `${url}/token`,
    [`${prefix}USERINFO_URL`]: `${url}${USERINFO_PATHS[type] ?? '/userinfo'}`,
    ...(options.idToken ? { [`${prefix}JWKS_URL`]: `${url}/jwks`, [`${prefix}ISSUER`]: url } : {}),
  };
}

export function providerUser(email: string | null, verified = true): ProviderUser {
  return { sub: `sub-${randomUUID()}`, email, email_verified: verified, name: 'Pat Example' };
}

/** `port` 0: any free port (the server tests); a browser test's stack needs a fixed one. */
export async function startTestProvider(port = 0): Promise<TestProvider> {
  const keys = await generateKeyPair('RS256');
  const forged = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(keys.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { user: ProviderUser; clientId: string; redirectUri: string; nonce: string | null; challenge: string | null }>();
  const tokens = new Map<string, ProviderUser>();
  let url = '';
  const sign = (claims: Record<string, unknown>, key: CryptoKey, expiresIn: string | number = '5m') =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).setIssuedAt().setExpirationTime(expiresIn).sign(key);

  const server: Server = createServer(async (request, response) => {
    const at = new URL(request.url!, url);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (at.pathname === '/authorize') {
      const back = new URL(at.searchParams.get('redirect_uri')!);
      back.searchParams.set('state', at.searchParams.get('state') ?? '');
      if (provider.deny) back.searchParams.set('error', 'access_denied');
      else {
        // A browser test names who signs in by the OpenID Connect login_hint (sent through the
        // widget's provider_params); the same address is always the same subject.
        const hint = at.searchParams.get('login_hint');
        const user = hint
          ? { sub: `sub-${createHash('sha256').update(hint).digest('hex').slice(0, 16)}`, email: hint, email_verified: true, name: 'Pat Example' }
          : provider.user;
        const code = randomUUID();
        const clientId = at.searchParams.get('client_id') ?? at.searchParams.get('client_key')!;
        codes.set(code, {
          user,
          clientId,
          redirectUri: at.searchParams.get('redirect_uri')!,
          nonce: at.searchParams.get('nonce'),
          challenge: at.searchParams.get('code_challenge'),
        });
        back.searchParams.set('code', code);
      }
      // response_mode=form_post (Sign in with Apple): a page that posts the answer to the redirect URI.
      if (at.searchParams.get('response_mode') === 'form_post') {
        const fields = [...back.searchParams].map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('');
        back.search = '';
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        return response.end(`<!doctype html><form method="post" action="${escapeHtml(back.href)}">${fields}</form><script>document.forms[0].submit()</script>`);
      }
      response.writeHead(302, { Location: back.href });
      return response.end();
    }
    if (at.pathname === '/token' && request.method === 'POST') {
      const form = new URLSearchParams(await readBody(request));
      const basic = request.headers.authorization?.startsWith('Basic ')
        ? Buffer.from(request.headers.authorization.slice(6), 'base64').toString().split(':')
        : null;
      const clientId = basic ? decodeURIComponent(basic[0]!) : (form.get('client_id') ?? form.get('client_key'));
      const secret = basic ? decodeURIComponent(basic[1]!) : form.get('client_secret');
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (secret !== CLIENT_SECRET) return json(401, { error: 'invalid_client' });
      if (!code || code.clientId !== clientId || code.redirectUri !== form.get('redirect_uri')) return json(400, { error: 'invalid_grant' });
      if (
        code.challenge &&
        createHash('sha256')
          .update(form.get('code_verifier') ?? '')
          .digest('base64url') !== code.challenge
      )
        return json(400, { error: 'invalid_grant' });
      const accessToken = randomUUID();
      tokens.set(accessToken, code.user);
      const idToken = code.nonce
        ? await sign(
            {
              iss: url,
              aud: clientId,
              sub: code.user.sub,
              nonce: code.nonce,
              email: code.user.email,
              email_verified: code.user.email_verified,
              name: code.user.name,
            },
            provider.forgeIdTokens ? forged.privateKey : keys.privateKey,
          )
        : undefined;
      return json(200, {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 300,
        scope: provider.scopeAsArray ? ['openid', 'email'] : 'openid email',
        ...(idToken ? { id_token: idToken } : {}),
      });
    }
    if (at.pathname === '/jwks') return json(200, { keys: [jwk] });
    // A stand-in for Google Identity Services (e2e/fixtures/gsi-client.js) and the credential it hands the page.
    if (at.pathname === '/gsi/client') {
      response.writeHead(200, { 'Content-Type': 'text/javascript', 'Access-Control-Allow-Origin': '*' });
      return response.end(readFileSync(GSI_STAND_IN, 'utf8'));
    }
    if (at.pathname === '/gsi/credential') {
      const email = at.searchParams.get('email') ?? provider.user.email;
      const sub = email ? `sub-${createHash('sha256').update(email).digest('hex').slice(0, 16)}` : provider.user.sub;
      const credential = await sign(
        { iss: url, aud: at.searchParams.get('client_id'), sub, nonce: at.searchParams.get('nonce'), email, email_verified: true, name: 'Pat Example' },
        keys.privateKey,
      );
      response.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      return response.end(JSON.stringify({ credential }));
    }
    const user = tokens.get(request.headers.authorization?.replace(/^Bearer /, '') ?? '');
    if (!user) return json(401, { error: 'invalid_token' });
    if (at.pathname === '/userinfo') return json(200, user);
    if (at.pathname === '/users/@me')
      return json(200, { id: user.sub, username: 'pat', global_name: user.name, email: user.email, verified: user.email_verified });
    // GitHub: a numeric id, the public email (usually null), the addresses on their own endpoint.
    if (at.pathname === '/user')
      return json(200, {
        id: Number.parseInt(createHash('sha256').update(user.sub).digest('hex').slice(0, 10), 16),
        login: 'pat',
        name: user.name,
        email: null,
      });
    if (at.pathname === '/user/emails')
      return json(
        200,
        user.email
          ? [
              { email: 'old@example.org', primary: false, verified: true },
              { email: user.email, primary: true, verified: user.email_verified },
            ]
          : [],
      );
    return json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider: TestProvider = {
    url,
    user: providerUser('someone@example.com'),
    deny: false,
    forgeIdTokens: false,
    scopeAsArray: false,
    idToken: (claims, options = {}) => sign({ iss: url, ...claims }, options.forged ? forged.privateKey : keys.privateKey, options.expiresIn),
    env: (type, options) => testProviderEnv(url, type, options),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return provider;
}
