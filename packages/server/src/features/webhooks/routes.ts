import type { OpenAPIHono } from '@hono/zod-openapi';
import { webhookRoutes } from '@vestibule/contract';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { actorOf } from '../../http/management-auth.js';
import { ApiError } from '../../kernel/api-error.js';
import { recordEvent } from '../../kernel/audit/record-event.js';
import { listDeliveries, resendDelivery } from './deliveries-store.js';
import { createEndpoint, deleteEndpoint, findEndpoint, listEndpoints, updateEndpoint } from './endpoints-store.js';
import { newSigningSecret, sealSigningSecret } from './signing.js';
import { webhookUrlRefusal } from './url-rules.js';

/**
 * The management API's webhook endpoints (GET, POST /v1/webhooks; GET, PATCH, DELETE
 * /v1/webhooks/{webhook_id}) and their deliveries (GET …/deliveries, POST …/{delivery_id}/resend).
 * A URL is checked against the rules of url-rules.ts when it is given (400 webhook_url_not_allowed
 * saying which rule); every change is recorded as an operator's action, in the change's transaction,
 * naming the URL's host only.
 */
export function registerWebhookRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { db } = deps;

  const recorded = (c: Context<AppEnv>, action: string, details: Record<string, unknown>) => ({
    type: 'operator.action' as const,
    userId: null,
    data: { action, ...details },
    actor: actorOf(c.get('operator')),
  });

  /**
   * What an event keeps of an endpoint's URL: its host (and port). Events are kept for
   * eventRetentionDays and read by every operator, and a URL may carry the receiver's credentials
   * (user:password@, a token in the query or the path); the endpoint itself answers its URL whole.
   */
  const hostOf = (url: string) => new URL(url).host;

  async function requireAllowedUrl(url: string): Promise<void> {
    const refusal = await webhookUrlRefusal(url, deps.config.env);
    if (refusal) throw new ApiError('webhook_url_not_allowed', refusal);
  }

  async function requireEndpoint(webhookId: string): Promise<void> {
    if (!(await findEndpoint(db, webhookId))) throw new ApiError('webhook_not_found');
  }

  defineRoute(app, webhookRoutes.list, async (_c, { ok }) => ok({ webhooks: await listEndpoints(db) }));

  defineRoute(app, webhookRoutes.create, async (c, { body, ok }) => {
    await requireAllowedUrl(body.url);
    const secret = newSigningSecret();
    const secretSealed = await sealSigningSecret(secret, deps.secretBoxKey);
    const now = deps.clock();
    const webhook = await db.transaction().execute(async (trx) => {
      const made = await createEndpoint(trx, { url: body.url, event_types: body.event_types, description: body.description ?? null, secretSealed }, now);
      await recordEvent(trx, recorded(c, 'webhook.created', { webhook_id: made.webhook_id, host: hostOf(made.url) }), now);
      return made;
    });
    return ok({ webhook_id: webhook.webhook_id, secret, webhook });
  });

  defineRoute(app, webhookRoutes.get, async (_c, { params, ok }) => {
    const webhook = await findEndpoint(db, params.webhook_id);
    if (!webhook) throw new ApiError('webhook_not_found');
    return ok({ webhook });
  });

  defineRoute(app, webhookRoutes.update, async (c, { params, body, ok }) => {
    if (body.url !== undefined) await requireAllowedUrl(body.url);
    const now = deps.clock();
    const webhook = await db.transaction().execute(async (trx) => {
      const changed = await updateEndpoint(trx, params.webhook_id, body, now);
      if (!changed) throw new ApiError('webhook_not_found');
      await recordEvent(
        trx,
        recorded(c, 'webhook.updated', { webhook_id: changed.webhook_id, changed: Object.keys(body), ...(body.url ? { host: hostOf(body.url) } : {}) }),
        now,
      );
      return changed;
    });
    return ok({ webhook });
  });

  defineRoute(app, webhookRoutes.delete, async (c, { params, ok }) => {
    const now = deps.clock();
    await db.transaction().execute(async (trx) => {
      if (!(await deleteEndpoint(trx, params.webhook_id))) throw new ApiError('webhook_not_found');
      await recordEvent(trx, recorded(c, 'webhook.deleted', { webhook_id: params.webhook_id }), now);
    });
    return ok({ webhook_id: params.webhook_id });
  });

  defineRoute(app, webhookRoutes.deliveries, async (_c, { params, query, ok }) => {
    await requireEndpoint(params.webhook_id);
    return ok({ deliveries: await listDeliveries(db, params.webhook_id, query) });
  });

  defineRoute(app, webhookRoutes.resend, async (c, { params, ok }) => {
    await requireEndpoint(params.webhook_id);
    const now = deps.clock();
    const delivery = await db.transaction().execute(async (trx) => {
      const made = await resendDelivery(trx, params.webhook_id, params.delivery_id, now);
      if (!made) throw new ApiError('webhook_delivery_not_found');
      await recordEvent(trx, recorded(c, 'webhook.delivery_resent', { ...params, event_id: made.event_id }), now);
      return made;
    });
    return ok({ delivery });
  });
}
