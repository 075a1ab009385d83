import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../../../http/app-env.js';
import { requestHeader } from '../../../http/request-header.js';
import { ApiError } from '../../../kernel/api-error.js';
import { findClient } from '../clients.js';
import type { IdpClientConfig } from '../config.js';

/**
 * Where a client's pages are: the origins of its redirect URIs (where the code flow already hands
 * it the person) and the browser origins it lists (allowedOrigins). FedCM leaves this check to the
 * identity provider: the page calling navigator.credentials.get() names any clientId it likes, and
 * only its Origin says whose page it is (FedCM, "Identity assertion endpoint": the IdP MUST check it).
 */
export function registeredOrigins(client: IdpClientConfig): Set<string> {
  return new Set([...client.redirect_uris.map((uri) => new URL(uri).origin), ...client.allowedOrigins]);
}

/** The client named, when the request's Origin is one of its registered origins; else 400 idp_client_not_found or 403 idp_origin_not_registered. */
export async function clientAtOrigin(c: Context<AppEnv>, deps: AppDeps, clientId: string): Promise<{ client: IdpClientConfig; origin: string }> {
  const client = await findClient(deps, clientId);
  if (!client) throw new ApiError('idp_client_not_found');
  const origin = requestHeader(c, 'Origin');
  if (!origin || !registeredOrigins(client).has(origin)) throw new ApiError('idp_origin_not_registered');
  return { client, origin };
}

/**
 * CORS of the ID assertion and disconnect answers, for the client's own origin only: Chromium reads
 * them in CORS mode with credentials (enforced since Chrome 125), so the exact origin and
 * Allow-Credentials, never `*`.
 */
export function allowCredentialedOrigin(c: Context<AppEnv>, origin: string): void {
  c.header('Access-Control-Allow-Origin', origin);
  c.header('Access-Control-Allow-Credentials', 'true');
  c.header('Vary', 'Origin', { append: true });
}
