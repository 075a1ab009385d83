import type { Kysely } from 'kysely';
import type { OAuthProviderType } from '@vestibule/contract';
import { consumeToken, issueToken } from '../../kernel/one-time-secrets.js';
import { pkceVerifies } from '../../security/pkce.js';
import type { Database } from '../../storage/database.js';
import type { FlowChecks } from './engine.js';

/**
 * The flow's two one-time secrets. The state goes to the provider and comes back once to the
 * callback; the OAuth token goes to the host's page and is exchanged once for a session. Both are
 * bound to the browser's PKCE challenge, so a token read from a URL or a log is useless without
 * the verifier that stayed in the browser that started the flow.
 */

/** Long enough for a person to sign in at the provider (and perhaps create an account there). */
const STATE_MINUTES = 15;
/** Only as long as the landing page takes to load and exchange it. */
const TOKEN_MINUTES = 5;

export interface StateBound {
  provider: OAuthProviderType;
  codeChallenge: string;
  loginUrl: string;
  signupUrl: string;
  /** The provider-side checks. The PKCE verifier is useless without the code, which only the provider hands out. */
  nonce: string | undefined;
  pkceVerifier: string | undefined;
}

export interface TokenBound {
  provider: OAuthProviderType;
  subject: string;
  codeChallenge: string;
}

export function issueState(
  db: Kysely<Database>,
  bound: Omit<StateBound, 'nonce' | 'pkceVerifier'>,
  checks: Omit<FlowChecks, 'state'>,
  now: Date,
): Promise<string> {
  const value: StateBound = { ...bound, nonce: checks.nonce, pkceVerifier: checks.pkceVerifier };
  return issueToken(db, { purpose: 'oauth_state', userId: null, bound: value, expirationMinutes: STATE_MINUTES, now });
}

/** The state's data, once; undefined when it is unknown, used, expired or tampered with. */
export async function consumeState(db: Kysely<Database>, state: string, now: Date): Promise<StateBound | undefined> {
  return (await consumeToken<StateBound>(db, 'oauth_state', state, now))?.bound;
}

export function issueOAuthToken(db: Kysely<Database>, userId: string, bound: TokenBound, now: Date): Promise<string> {
  return issueToken(db, { purpose: 'oauth_token', userId, bound, expirationMinutes: TOKEN_MINUTES, now });
}

/**
 * The token's user and provider account, once, when the verifier matches the challenge it was
 * bound to. A wrong verifier still uses the token up: it cannot be guessed at.
 */
export async function consumeOAuthToken(
  db: Kysely<Database>,
  token: string,
  codeVerifier: string,
  now: Date,
): Promise<(TokenBound & { userId: string }) | undefined> {
  const used = await consumeToken<TokenBound>(db, 'oauth_token', token, now);
  if (!used?.userId || !pkceVerifies(codeVerifier, used.bound.codeChallenge)) return undefined;
  return { ...used.bound, userId: used.userId };
}
