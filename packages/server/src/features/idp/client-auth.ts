import type { Context } from 'hono';
import type { IdpClientConfig } from './config.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { enforceClientLimit, enforceRateLimit } from '../../http/limits.js';
import { constantTimeEqual } from '../../security/constant-time.js';
import { sha256Hex } from '../../security/hash.js';
import { findClient } from './clients.js';
import { OAuthFailure, type OAuthCall } from './oauth-answers.js';
import { formOf } from './oauth-form.js';

/** The endpoints a client authenticates to; each has its own counts. */
export type ClientEndpoint = 'token' | 'revoke';

/**
 * Per client address, before anything is read: a flood from one address is refused (429
 * too_many_requests with Retry-After) and spends nothing of its clients' counts.
 */
async function limitAddress(c: Context<AppEnv>, deps: AppDeps, endpoint: ClientEndpoint): Promise<void> {
  await enforceClientLimit(deps, c, `idp-${endpoint}`, deps.config.rateLimits.idpPerIp, `Too many ${endpoint} requests from this address.`);
}

function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  if (!header || !/^basic\s/i.test(header)) return null;
  try {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new Error('no colon');
    return { id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')), secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')) };
  } catch {
    throw new OAuthFailure('invalid_client', 'The Basic credentials cannot be read.', 401, { 'WWW-Authenticate': 'Basic realm="token"' });
  }
}

/**
 * client_secret_basic, client_secret_post, or none (a public client naming itself). Every call
 * counts against the client id it names before its secret is checked, so wrong secrets count too.
 */
async function authenticateClient(
  c: Context<AppEnv>,
  deps: AppDeps,
  form: Map<string, string>,
  endpoint: ClientEndpoint,
  call: OAuthCall,
): Promise<IdpClientConfig> {
  const basic = basicCredentials(c.req.header('Authorization'));
  if (basic && form.has('client_secret')) throw new OAuthFailure('invalid_request', 'Use one client authentication method.');
  if (basic && form.has('client_id') && form.get('client_id') !== basic.id)
    throw new OAuthFailure('invalid_request', 'client_id differs from the Basic credentials.');
  const clientId = basic?.id ?? form.get('client_id');
  const challenge: Record<string, string> = basic ? { 'WWW-Authenticate': 'Basic realm="token"' } : {};
  const refused = (description: string) => new OAuthFailure('invalid_client', description, 401, challenge);
  if (!clientId) throw refused('Client authentication is required.');
  await enforceRateLimit(
    deps,
    `idp-${endpoint}:client:${sha256Hex(clientId)}`,
    deps.config.rateLimits.idpPerClient,
    `Too many ${endpoint} requests for this client.`,
  );
  const client = await findClient(deps, clientId);
  if (!client) throw refused('Unknown client.');
  call.client = client;
  const secret = basic?.secret ?? form.get('client_secret');
  if (client.client_type === 'confidential') {
    if (!secret || !client.secretHash || !constantTimeEqual(sha256Hex(secret), client.secretHash)) throw refused('Client authentication failed.');
  } else if (secret) {
    throw refused('A public client has no secret.');
  }
  return client;
}

/**
 * How a client's call to the token or revocation endpoint begins: the address's count first (a
 * flood spends nothing of its clients' counts), then the form, then the client it authenticates as.
 */
export async function clientCall(
  c: Context<AppEnv>,
  deps: AppDeps,
  endpoint: ClientEndpoint,
  call: OAuthCall,
): Promise<{ form: Map<string, string>; client: IdpClientConfig }> {
  await limitAddress(c, deps, endpoint);
  const form = await formOf(c);
  return { form, client: await authenticateClient(c, deps, form, endpoint, call) };
}
