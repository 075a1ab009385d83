import type { Answer, ListeningServer } from './listening.js';
import { pkcePair } from './pkce.js';
import { PUBLIC_TOKEN } from './test-config.js';

/**
 * Social sign-in through the development provider over real sockets, each navigation followed by
 * hand as the browser follows it (no provider is configured in the test config, so the
 * development provider plays every one): the start, the provider's page answered Continue as
 * `email` (it answers this machine only, so from 127.0.0.1), our callback, the host's page.
 */

/** The start's path and query, as the widget navigates to it. */
export function oauthStartPath(provider: string, challenge: string, query: Record<string, string> = {}): string {
  return `/sdk/v1/oauth/start?${new URLSearchParams({ provider, public_token: PUBLIC_TOKEN, code_challenge: challenge, ...query })}`;
}

/** Where a 302 answer sends the browser. */
function locationOf(answer: Answer): URL {
  if (answer.status !== 302) throw new Error(`expected a redirect, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  return new URL(String(answer.headers.location));
}

const pathOf = (url: URL) => `${url.pathname}${url.search}`;

/**
 * The whole flow for `email` at `provider`: the host's page it lands on (its token, or its
 * error_type) and the PKCE verifier the browser kept. `query` adds to the start's (a link_token).
 */
export async function devOAuthLanding(
  s: ListeningServer,
  input: { provider: string; email: string; query?: Record<string, string> },
): Promise<{ landing: URL; token: string | null; verifier: string }> {
  const { verifier, challenge } = pkcePair();
  const authorize = locationOf(await s.send('GET', oauthStartPath(input.provider, challenge, input.query), undefined, { token: null }));
  const form = Object.fromEntries(authorize.searchParams);
  const callback = locationOf(await s.send('POST', pathOf(authorize), undefined, { token: null, form: { ...form, email: input.email, decision: 'allow' } }));
  const landing = locationOf(await s.send('GET', pathOf(callback), undefined, { token: null }));
  return { landing, token: landing.searchParams.get('token'), verifier };
}

/** The landing's exchange: signs in (or, on a link flow, connects the account to the user of `session`). */
export function exchangeOAuthToken(s: ListeningServer, landed: { token: string | null; verifier: string }, session?: string): Promise<Answer> {
  return s.send('POST', '/sdk/v1/oauth/authenticate', { token: landed.token, code_verifier: landed.verifier }, { session });
}

/**
 * The account page's Connect: a link token for the session, the flow with it, the exchange with
 * the session. The exchange's answer (or the link start's, when it refused).
 */
export async function connectDevAccount(s: ListeningServer, session: string, provider: string, email: string): Promise<Answer> {
  const started = await s.send('POST', '/sdk/v1/account/oauth/start', { provider }, { session });
  if (started.status !== 200) return started;
  return exchangeOAuthToken(s, await devOAuthLanding(s, { provider, email, query: { link_token: started.body.link_token } }), session);
}
