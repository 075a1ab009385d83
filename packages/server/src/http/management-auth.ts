import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from '../kernel/api-error.js';
import { requireRecentSignInWithSecondStep } from '../kernel/account/recent-sign-in.js';
import { findManagementKey, MANAGEMENT_KEY_PREFIX } from '../kernel/operators/management-keys.js';
import { operatorEmail } from '../kernel/operators/operators.js';
import { sha256Hex } from '../security/hash.js';
import { constantTimeEqual } from '../security/constant-time.js';
import type { AppDeps, AppEnv } from './app-env.js';
import { bearerToken } from './bearer.js';
import type { Operator } from './operator.js';
import { enforceClientLimit, enforceRateLimit } from './limits.js';

/** The name and id events give the key VESTIBULE_MANAGEMENT_KEY sets. */
export const ENVIRONMENT_KEY = { keyId: 'environment', name: 'VESTIBULE_MANAGEMENT_KEY' } as const;

/**
 * The management API's door (every `auth: 'management'` route, by defineRoute): `Authorization:
 * Bearer` with VESTIBULE_MANAGEMENT_KEY, a stored key (`vsk_…`), or the session token of an
 * operator (kernel/operators/operators.ts). Anything else is 401 invalid_management_credentials,
 * a signed-in person who is no operator 403 not_an_operator. Each key, and each operator, has its
 * own rate limit; wrong credentials are limited per client address, so guessing costs the guesser.
 */
export function managementAuth(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const environmentKeyHash = deps.config.managementKey ? sha256Hex(deps.config.managementKey) : null;
  // Refusals are counted per client address too: each costs a lookup, and guessing costs the guesser.
  const refuse = async (c: Context<AppEnv>, type: 'invalid_management_credentials' | 'not_an_operator' = 'invalid_management_credentials'): Promise<never> => {
    await enforceClientLimit(deps, c, 'management-refused', deps.config.rateLimits.managementPerKey, 'Too many refused management API calls.');
    throw new ApiError(type);
  };
  return async (c, next) => {
    const token = bearerToken(c);
    if (!token) return refuse(c);
    const now = deps.clock();
    let operator: Operator;
    if (environmentKeyHash && constantTimeEqual(sha256Hex(token), environmentKeyHash)) {
      operator = { kind: 'key', ...ENVIRONMENT_KEY };
    } else if (token.startsWith(MANAGEMENT_KEY_PREFIX)) {
      const key = await findManagementKey(deps.db, token, now);
      if (!key) return refuse(c);
      operator = { kind: 'key', keyId: key.key_id, name: key.name };
    } else {
      const session = await deps.sessions.find(token, now);
      if (!session) return refuse(c);
      const email = await operatorEmail(deps.db, deps.config.project.adminEmails, session.user_id);
      if (!email) return refuse(c, 'not_an_operator');
      operator = { kind: 'session', userId: session.user_id, sessionId: session.session_id, email, session };
    }
    // Every change an operator signed in makes asks for a recent sign-in (the project's
    // reauthenticationMinutes), as the account page does: a session left open on someone's desk
    // should not make users, keys or webhooks. For an operator with a second step, that step
    // again: a password or mailbox alone, with their session, reset the operator's own second
    // step and made keys. A key is its holder's proof every time.
    if (operator.kind === 'session' && c.req.method !== 'GET')
      await requireRecentSignInWithSecondStep(deps, operator.session, now, deps.config.project.reauthenticationMinutes);
    const bucket = operator.kind === 'key' ? `management:key:${operator.keyId}` : `management:operator:${operator.userId}`;
    await enforceRateLimit(deps, bucket, deps.config.rateLimits.managementPerKey, 'Too many management API calls.');
    c.set('operator', operator);
    return next();
  };
}

/** How events name who acted (AuditEvent.actor). */
export function actorOf(operator: Operator): Record<string, string> {
  return operator.kind === 'key'
    ? { type: 'management_key', key_id: operator.keyId, name: operator.name }
    : { type: 'operator', user_id: operator.userId, name: operator.email };
}
