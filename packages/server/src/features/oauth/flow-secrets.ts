import type { Kysely } from 'kysely';
import type { OAuthProviderType } from '@vestibule/contract';
import { consumeToken, issueToken } from '../../kernel/one-time-secrets.js';
import { pkceVerifies } from '../../security/pkce.js';
import type { Database } from '../../storage/database.js';
import type { FlowChecks } from './engine.js';

/**
 * The flow's one-time secrets. The state goes to the provider and comes back once to the
 * callback; the OAuth token goes to the host's page and is exchanged once for a session. Both are
 * bound to the browser's PKCE challenge, so a token read from a URL or a log is useless without
 * the verifier that stayed in the browser that started the flow. A flow that connects a provider
 * account to a signed-in user (the account page) starts with a third, the link token, which the
 * start spends and carries in the state as the user to link to.
 */

/** Long enough for a person to sign in at the provider (and perhaps create an account there). */
const STATE_MINUTES = 15;
/** Only as long as the landing page takes to load and exchange it. */
const TOKEN_MINUTES = 5;
/** The account page hands it to the start at once; ten minutes leave room for a slow page. */
const LINK_MINUTES = 10;

export interface StateBound {
  provider: OAuthProviderType;
  codeChallenge: string;
  loginUrl: string;
  signupUrl: string;
  /** A link flow: the user the provider account is to be connected to (the link token's); absent on a sign-in. */
  linkUserId?: string;
  /** The provider-side checks. The PKCE verifier is useless without the code, which only the provider hands out. */
  nonce: string | undefined;
  pkceVerifier: string | undefined;
}

export interface TokenBound {
  provider: OAuthProviderType;
  subject: string;
  codeChallenge: string;
  /**
   * A link flow: the account is connected only at the exchange, with the Bearer session of the
   * token's user, so the address the provider gave travels with the token until then. Absent on a
   * sign-in, whose account the callback already found or made.
   */
  link?: { email: string | null };
}

export function issueState(
  db: Kysely<Database>,
  bound: Omit<StateBound, 'nonce' | 'pkceVerifier'>,
  checks: Omit<FlowChecks, 'state'>,
  now: Date,
): Promise<string> {
  const value: StateBound = { ...bound, nonce: checks.nonce, pkceVerifier: checks.pkceVerifier };
  // A link flow's state belongs to its user: it goes with the user's deletion (which would leave
  // the callback a user to issue the landing's token for that no longer exists), and with every
  // way in ended (a reset, an owner's first proof), as the link token it was started with did.
  return issueToken(db, { purpose: 'oauth_state', userId: bound.linkUserId ?? null, bound: value, expirationMinutes: STATE_MINUTES, now });
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

/**
 * A link token: the account page's permission, for `userId` (the session's user, who signed in
 * recently), to connect an account of `provider`. Single use, 10 minutes, kept as its hash.
 */
export function issueLinkToken(db: Kysely<Database>, userId: string, provider: OAuthProviderType, now: Date): Promise<string> {
  return issueToken(db, { purpose: 'oauth_link', userId, bound: { provider }, expirationMinutes: LINK_MINUTES, now });
}

/** The link token's user, once, when it was issued for `provider`; undefined when it is unknown, used, expired or for another provider. */
export async function consumeLinkToken(db: Kysely<Database>, token: string, provider: OAuthProviderType, now: Date): Promise<string | undefined> {
  const used = await consumeToken<{ provider: OAuthProviderType }>(db, 'oauth_link', token, now);
  return used?.userId && used.bound.provider === provider ? used.userId : undefined;
}
