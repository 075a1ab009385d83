import type { WebhookDelivery, WebhookEventType } from '@vestibule/contract';
import { sql, type Kysely } from 'kysely';
import type { PruneBatch } from '../../kernel/pruning.js';
import type { Database } from '../../storage/database.js';

/** Deliveries are kept this long after they were made, whatever became of them (the list of recent ones). */
const KEEP_DELIVERIES_MS = 30 * 86_400_000;

/** The deliveries' columns and their event's type, from `webhook_deliveries as d` joined with `audit_events as e`. */
function deliveries(db: Kysely<Database>) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('audit_events as e', 'e.event_id', 'd.event_id')
    .select([
      'd.delivery_id',
      'd.webhook_id',
      'd.event_id',
      'e.type as event_type',
      'd.status',
      'd.attempts',
      'd.last_attempt_at',
      'd.last_status_code',
      'd.last_error',
      'd.next_attempt_at',
      'd.created_at',
    ]);
}

type DeliveryRow = Awaited<ReturnType<ReturnType<typeof deliveries>['executeTakeFirstOrThrow']>>;

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    delivery_id: row.delivery_id,
    webhook_id: row.webhook_id,
    event_id: row.event_id,
    event_type: row.event_type as WebhookEventType,
    status: row.status,
    attempts: row.attempts,
    last_attempt_at: row.last_attempt_at?.toISOString() ?? null,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    next_attempt_at: row.next_attempt_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** An endpoint's deliveries, newest first. */
export async function listDeliveries(
  db: Kysely<Database>,
  webhookId: string,
  filter: { status?: WebhookDelivery['status']; limit: number },
): Promise<WebhookDelivery[]> {
  let query = deliveries(db).where('d.webhook_id', '=', webhookId);
  if (filter.status) query = query.where('d.status', '=', filter.status);
  const rows = await query.orderBy('d.created_at', 'desc').orderBy('d.delivery_id', 'desc').limit(filter.limit).execute();
  return rows.map(toDelivery);
}

/**
 * A new delivery of a delivery's event to the same endpoint, due at once (and retried for 24 hours
 * from now); undefined when the endpoint has no such delivery.
 */
export async function resendDelivery(db: Kysely<Database>, webhookId: string, deliveryId: string, now: Date): Promise<WebhookDelivery | undefined> {
  const made = await db
    .insertInto('webhook_deliveries')
    .columns(['delivery_id', 'webhook_id', 'event_id', 'status', 'next_attempt_at', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select([
          sql<string>`'webhook-delivery-' || gen_random_uuid()`.as('delivery_id'),
          'webhook_id',
          'event_id',
          sql<'pending'>`'pending'`.as('status'),
          sql<Date>`${now}::timestamptz`.as('next_attempt_at'),
          sql<Date>`${now}::timestamptz`.as('created_at'),
        ])
        .where('delivery_id', '=', deliveryId)
        .where('webhook_id', '=', webhookId),
    )
    .returning('delivery_id')
    .executeTakeFirst();
  if (!made) return undefined;
  return toDelivery(await deliveries(db).where('d.delivery_id', '=', made.delivery_id).executeTakeFirstOrThrow());
}

/** Deletes a batch of deliveries made more than KEEP_DELIVERIES_MS ago that no instance holds. */
export const pruneDeliveries: PruneBatch = async (db, now, limit) => {
  const old = db
    .selectFrom('webhook_deliveries')
    .select('delivery_id')
    .where('created_at', '<', new Date(now.getTime() - KEEP_DELIVERIES_MS))
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .limit(limit)
    .forUpdate()
    .skipLocked();
  const result = await db.deleteFrom('webhook_deliveries').where('delivery_id', 'in', old).executeTakeFirst();
  return Number(result.numDeletedRows);
};
