import type { OpenAPIHono } from '@hono/zod-openapi';
import { managementUserRoutes } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { actorOf } from '../../http/management-auth.js';
import { deleteUser } from '../../kernel/account/delete-user.js';
import { ApiError } from '../../kernel/api-error.js';
import { recordEvent } from '../../kernel/audit/record-event.js';
import { createManagedUser } from './create-user.js';
import { readManagedUser, readManagedUsers } from './managed-users.js';
import { findUserPage } from './user-search.js';

/**
 * The management API's users (GET, POST /v1/users; GET, PATCH, DELETE /v1/users/{user_id}). Each
 * change records an operator.action event with who made it, in the change's own transaction.
 */
export function registerManagementUserRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { db } = deps;

  defineRoute(app, managementUserRoutes.list, async (_c, { query, ok }) => {
    const page = await findUserPage(db, query);
    return ok({ users: await readManagedUsers(deps, page.userIds), next_cursor: page.nextCursor });
  });

  defineRoute(app, managementUserRoutes.get, async (_c, { params, ok }) => {
    const user = await readManagedUser(deps, params.user_id);
    if (!user) throw new ApiError('user_not_found');
    return ok({ user });
  });

  defineRoute(app, managementUserRoutes.create, async (c, { body, ok }) => {
    const userId = await createManagedUser(deps, body, actorOf(c.get('operator')));
    const user = await readManagedUser(deps, userId);
    // Deleted in the instant since it was made.
    if (!user) throw new ApiError('user_not_found');
    return ok({ user_id: userId, user });
  });

  defineRoute(app, managementUserRoutes.update, async (c, { params, body, ok }) => {
    const now = deps.clock();
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('users')
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.trusted_metadata ? { trusted_metadata: JSON.stringify(body.trusted_metadata) } : {}),
          ...(body.untrusted_metadata ? { untrusted_metadata: JSON.stringify(body.untrusted_metadata) } : {}),
        })
        .where('user_id', '=', params.user_id)
        .returning('user_id')
        .executeTakeFirst();
      if (!updated) throw new ApiError('user_not_found');
      const action = { action: 'user.update', fields: Object.keys(body) };
      await recordEvent(trx, { type: 'operator.action', userId: params.user_id, data: action, actor: actorOf(c.get('operator')) }, now);
    });
    const user = await readManagedUser(deps, params.user_id);
    if (!user) throw new ApiError('user_not_found');
    return ok({ user });
  });

  defineRoute(app, managementUserRoutes.delete, async (c, { params, ok }) => {
    const now = deps.clock();
    await db.transaction().execute(async (trx) => {
      if (!(await deleteUser(trx, params.user_id))) throw new ApiError('user_not_found');
      await recordEvent(trx, { type: 'operator.action', userId: params.user_id, data: { action: 'user.delete' }, actor: actorOf(c.get('operator')) }, now);
    });
    // Every instance has dropped the user's sessions before the answer: none of them works any more.
    await deps.sessions.settle();
    return ok();
  });
}
