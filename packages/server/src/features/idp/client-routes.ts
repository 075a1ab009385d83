import { randomUUID } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { idpClientRoutes, type ManagementIdpClient } from '@vestibule/contract';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { actorOf } from '../../http/management-auth.js';
import { ApiError } from '../../kernel/api-error.js';
import { recordEvent } from '../../kernel/audit/record-event.js';
import { sha256Hex } from '../../security/hash.js';
import { randomToken } from '../../security/random-token.js';
import { configClient } from './clients.js';
import { deleteClient, insertClient, listClients, readClient, updateClient, type StoredClient } from './clients-store.js';
import type { IdpClientConfig } from './config.js';
import { checkClientFields } from './client-rules.js';

/** How the management API shows a client: a stored one with its times, a file's marked read-only. */
function view(client: IdpClientConfig | StoredClient): ManagementIdpClient {
  const stored = 'created_at' in client;
  return {
    client_id: client.client_id,
    client_name: client.client_name,
    client_type: client.client_type,
    redirect_uris: client.redirect_uris,
    post_logout_redirect_uris: client.post_logout_redirect_uris,
    allowed_origins: client.allowedOrigins,
    allowed_scopes: client.allowed_scopes,
    source: stored ? 'api' : 'config',
    created_at: stored ? client.created_at.toISOString() : null,
    updated_at: stored ? client.updated_at.toISOString() : null,
  };
}

/** A confidential client's secret, answered once, and its hash, which is all that is kept (the file's client_secret_sha256 is the same hash). */
function newSecret(): { secret: string; hash: string } {
  const secret = randomToken();
  return { secret, hash: sha256Hex(secret) };
}

/**
 * The management API's clients of the identity provider (GET, POST /v1/idp_clients; GET, PATCH,
 * DELETE /v1/idp_clients/{client_id}). The configuration file's clients are listed and read here
 * but changed only in the file (400 idp_client_read_only), and a client_id the file names is never
 * stored: the file's entry is what the provider would use. Every change is recorded as an operator's
 * action with who made it, in the change's transaction.
 */
export function registerClientRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { db, config } = deps;

  const recorded = (c: Context<AppEnv>, action: string, clientId: string) => ({
    type: 'operator.action' as const,
    userId: null,
    data: { action, client_id: clientId },
    actor: actorOf(c.get('operator')),
  });

  /** The file's clients are changed in the file only. */
  function changeable(clientId: string): void {
    if (configClient(config, clientId)) throw new ApiError('idp_client_read_only');
  }

  defineRoute(app, idpClientRoutes.list, async (_c, { ok }) => {
    const stored = await listClients(db);
    // A stored client whose id the file came to name later is the file's now: the provider uses that one.
    const shown = stored.filter((client) => !configClient(config, client.client_id));
    return ok({ clients: [...config.idp.clients, ...shown].map(view) });
  });

  defineRoute(app, idpClientRoutes.get, async (_c, { params, ok }) => {
    const client = configClient(config, params.client_id) ?? (await readClient(db, params.client_id));
    if (!client) throw new ApiError('idp_client_id_not_found');
    return ok({ client: view(client) });
  });

  defineRoute(app, idpClientRoutes.create, async (c, { body, ok }) => {
    const fields = { ...body, allowedOrigins: body.allowed_origins };
    checkClientFields(config, fields);
    const clientId = body.client_id ?? randomUUID();
    if (configClient(config, clientId)) throw new ApiError('idp_client_already_exists');
    const secret = body.client_type === 'confidential' ? newSecret() : null;
    const now = deps.clock();
    const client = await db.transaction().execute(async (trx) => {
      const made = await insertClient(trx, { ...fields, client_id: clientId, client_type: body.client_type, secretHash: secret?.hash ?? null }, now);
      if (!made) throw new ApiError('idp_client_already_exists');
      await recordEvent(trx, recorded(c, 'idp_client.create', clientId), now);
      return made;
    });
    return ok({ client: view(client), client_secret: secret?.secret ?? null });
  });

  defineRoute(app, idpClientRoutes.update, async (c, { params, body, ok }) => {
    changeable(params.client_id);
    const { rotate_secret: rotate, allowed_origins: allowedOrigins, ...rest } = body;
    const fields = { ...rest, allowedOrigins };
    checkClientFields(config, fields);
    const now = deps.clock();
    const answer = await db.transaction().execute(async (trx) => {
      const current = await readClient(trx, params.client_id);
      if (!current) throw new ApiError('idp_client_id_not_found');
      if (rotate && current.client_type === 'public') throw new ApiError('bad_request', 'Field rotate_secret is invalid: a public client has no secret.');
      const secret = rotate ? newSecret() : null;
      const client = await updateClient(trx, params.client_id, { ...fields, ...(secret ? { secretHash: secret.hash } : {}) }, now);
      if (!client) throw new ApiError('idp_client_id_not_found');
      await recordEvent(trx, recorded(c, secret ? 'idp_client.rotate_secret' : 'idp_client.update', params.client_id), now);
      return { client: view(client), client_secret: secret?.secret ?? null };
    });
    return ok(answer);
  });

  defineRoute(app, idpClientRoutes.delete, async (c, { params, ok }) => {
    changeable(params.client_id);
    const now = deps.clock();
    await db.transaction().execute(async (trx) => {
      if (!(await deleteClient(trx, params.client_id, now))) throw new ApiError('idp_client_id_not_found');
      await recordEvent(trx, recorded(c, 'idp_client.delete', params.client_id), now);
    });
    return ok();
  });
}
