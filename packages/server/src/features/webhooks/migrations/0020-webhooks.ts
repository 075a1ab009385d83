import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Webhook endpoints and their deliveries. A trigger on audit_events (migration 0019, whose own
 * triggers write an event in the same transaction as the change) adds one delivery per enabled
 * endpoint that takes the event's type: a delivery exists exactly when its change committed, and
 * a change rolled back leaves none to send.
 *
 * Deliveries go with their event (pruned after the event retention) and with their endpoint. The
 * partial index serves the delivery workers' claim of due rows, which reads pending ones only.
 */
export const webhooks: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('webhook_id', 'text', (col) => col.primaryKey())
      .addColumn('url', 'text', (col) => col.notNull())
      .addColumn('event_types', 'jsonb', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('secret_sealed', 'text', (col) => col.notNull())
      .addColumn('disabled', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('delivery_id', 'text', (col) => col.primaryKey())
      .addColumn('webhook_id', 'text', (col) => col.notNull().references('webhook_endpoints.webhook_id').onDelete('cascade'))
      .addColumn('event_id', 'text', (col) => col.notNull().references('audit_events.event_id').onDelete('cascade'))
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'timestamptz')
      .addColumn('locked_until', 'timestamptz')
      .addColumn('claim_id', 'text')
      .addColumn('last_attempt_at', 'timestamptz')
      .addColumn('last_status_code', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('webhook_deliveries_endpoint').on('webhook_deliveries').columns(['webhook_id', 'created_at']).execute();
    await db.schema.createIndex('webhook_deliveries_event').on('webhook_deliveries').column('event_id').execute();
    await db.schema.createIndex('webhook_deliveries_created').on('webhook_deliveries').column('created_at').execute();
    await sql`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending'`.execute(db);
    await sql`
      create function vestibule_fan_out_webhooks() returns trigger language plpgsql as $$
      begin
        insert into webhook_deliveries (delivery_id, webhook_id, event_id, status, next_attempt_at, created_at)
        select 'webhook-delivery-' || gen_random_uuid(), webhook_id, new.event_id, 'pending', new.occurred_at, new.occurred_at
        from webhook_endpoints
        where not disabled and event_types ? new.type;
        return null;
      end $$`.execute(db);
    await sql`create trigger audit_events_webhooks after insert on audit_events for each row execute function vestibule_fan_out_webhooks()`.execute(db);
  },
  async down(db: Kysely<any>) {
    await sql`drop trigger if exists audit_events_webhooks on audit_events`.execute(db);
    await sql`drop function if exists vestibule_fan_out_webhooks()`.execute(db);
    await db.schema.dropTable('webhook_deliveries').ifExists().execute();
    await db.schema.dropTable('webhook_endpoints').ifExists().execute();
  },
};
