import type { Context } from 'hono';
import type { SignInClient } from '../kernel/sessions/sessions-store.js';
import type { AppEnv } from './app-env.js';
import { requestHeader } from './request-header.js';
import { unstorableIn } from './storable-text.js';

/**
 * The client a sign-in comes from, for completeSignIn's `client`: its User-Agent header (none that
 * the database could not hold) and its address (the socket's peer, or what a trusted proxy saw:
 * http/client-ip.ts), null when none parses. A new session records both, for the person's list of
 * signed-in devices only: nothing is granted or refused for them.
 */
export function signInClient(c: Context<AppEnv>): SignInClient {
  const userAgent = requestHeader(c, 'User-Agent')?.trim() || null;
  return { userAgent: userAgent && !unstorableIn(userAgent) ? userAgent : null, ipAddress: c.get('clientAddress') ?? null };
}
