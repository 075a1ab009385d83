import type { OpenAPIHono } from '@hono/zod-openapi';
import { managementKeyRoutes, type ManagementKey } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { actorOf } from '../../http/management-auth.js';
import { ApiError } from '../../kernel/api-error.js';
import { recordEvent } from '../../kernel/audit/record-event.js';
import { createManagementKey, listManagementKeys, revokeManagementKey, type ManagementKeyInfo } from '../../kernel/operators/management-keys.js';

const toManagementKey = (key: ManagementKeyInfo): ManagementKey => ({
  key_id: key.key_id,
  name: key.name,
  created_at: key.created_at.toISOString(),
  last_used_at: key.last_used_at?.toISOString() ?? null,
});

export function registerKeyRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  defineRoute(app, managementKeyRoutes.list, async (_c, { ok }) => ok({ management_keys: (await listManagementKeys(deps.db)).map(toManagementKey) }));

  defineRoute(app, managementKeyRoutes.create, async (c, { body, ok }) => {
    const now = deps.clock();
    const { key, ...created } = await createManagementKey(deps.db, body.name, now);
    await recordEvent(
      deps.db,
      { type: 'operator.action', userId: null, data: { action: 'key.create', key_id: created.key_id, name: created.name }, actor: actorOf(c.get('operator')) },
      now,
    );
    return ok({ management_key: toManagementKey(created), key });
  });

  defineRoute(app, managementKeyRoutes.revoke, async (c, { params, ok }) => {
    const now = deps.clock();
    if (!(await revokeManagementKey(deps.db, params.key_id, now))) throw new ApiError('management_key_not_found');
    await recordEvent(
      deps.db,
      { type: 'operator.action', userId: null, data: { action: 'key.revoke', key_id: params.key_id }, actor: actorOf(c.get('operator')) },
      now,
    );
    return ok();
  });
}
