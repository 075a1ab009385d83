import type { Webhook, WebhookEventType } from '@vestibule/contract';
import type { Kysely, Selectable } from 'kysely';
import { newId } from '../../security/random-token.js';
import type { Database } from '../../storage/database.js';
import type { WebhookEndpointsTable } from './tables.js';

type EndpointRow = Selectable<WebhookEndpointsTable>;

/** The columns answered; never the sealed secret. */
const SHOWN = ['webhook_id', 'url', 'event_types', 'description', 'disabled', 'created_at', 'updated_at'] as const;

/** An endpoint as the API answers it. */
export function toWebhook(row: Omit<EndpointRow, 'secret_sealed'>): Webhook {
  return {
    webhook_id: row.webhook_id,
    url: row.url,
    event_types: row.event_types as WebhookEventType[],
    description: row.description,
    disabled: row.disabled,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function createEndpoint(
  db: Kysely<Database>,
  fields: { url: string; event_types: WebhookEventType[]; description: string | null; secretSealed: string },
  now: Date,
): Promise<Webhook> {
  const row = await db
    .insertInto('webhook_endpoints')
    .values({
      // Random, like every id the management API hands out: one cannot be reached by guessing.
      webhook_id: newId('webhook'),
      url: fields.url,
      event_types: JSON.stringify(fields.event_types),
      description: fields.description,
      secret_sealed: fields.secretSealed,
      created_at: now,
      updated_at: now,
    })
    .returning(SHOWN)
    .executeTakeFirstOrThrow();
  return toWebhook(row);
}

/** Every endpoint, oldest first. */
export async function listEndpoints(db: Kysely<Database>): Promise<Webhook[]> {
  const rows = await db.selectFrom('webhook_endpoints').select(SHOWN).orderBy('created_at').orderBy('webhook_id').execute();
  return rows.map(toWebhook);
}

export async function findEndpoint(db: Kysely<Database>, webhookId: string): Promise<Webhook | undefined> {
  const row = await db.selectFrom('webhook_endpoints').select(SHOWN).where('webhook_id', '=', webhookId).executeTakeFirst();
  return row && toWebhook(row);
}

/** Changes the fields given; undefined when there is no such endpoint. */
export async function updateEndpoint(
  db: Kysely<Database>,
  webhookId: string,
  changes: { url?: string; event_types?: WebhookEventType[]; description?: string | null; disabled?: boolean },
  now: Date,
): Promise<Webhook | undefined> {
  const row = await db
    .updateTable('webhook_endpoints')
    .set({
      ...(changes.url === undefined ? {} : { url: changes.url }),
      ...(changes.event_types === undefined ? {} : { event_types: JSON.stringify(changes.event_types) }),
      ...(changes.description === undefined ? {} : { description: changes.description }),
      ...(changes.disabled === undefined ? {} : { disabled: changes.disabled }),
      updated_at: now,
    })
    .where('webhook_id', '=', webhookId)
    .returning(SHOWN)
    .executeTakeFirst();
  return row && toWebhook(row);
}

/** Deletes an endpoint with its deliveries (the foreign key's cascade); false when there was none. */
export async function deleteEndpoint(db: Kysely<Database>, webhookId: string): Promise<boolean> {
  const result = await db.deleteFrom('webhook_endpoints').where('webhook_id', '=', webhookId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
