import type { OpenAPIHono } from '@hono/zod-openapi';
import { accountRoutes } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { enforceRateLimit } from '../../http/limits.js';
import { sessionAuth } from '../../http/session-auth.js';
import { accountUser } from '../../kernel/account/account-user.js';

/**
 * The user's own write of untrusted_metadata (POST /sdk/v1/account/untrusted_metadata): the whole
 * object replaced, as the management API's PATCH does. trusted_metadata stays the operators'. Each
 * write is a user.updated event delivered to webhooks, so a user's writes are limited.
 */
export function registerOwnMetadataRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  defineRoute(app, accountRoutes.untrustedMetadata, sessionAuth(deps), async (c, { body, ok }) => {
    const userId = c.get('session').user_id;
    await enforceRateLimit(deps, `untrusted-metadata:user:${userId}`, deps.config.rateLimits.untrustedMetadataPerUser, 'Too many changes to this metadata.');
    await deps.db
      .updateTable('users')
      .set({ untrusted_metadata: JSON.stringify(body.untrusted_metadata) })
      .where('user_id', '=', userId)
      .execute();
    return ok(await accountUser(deps, userId));
  });
}
