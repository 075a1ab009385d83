import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from '../../storage/database.js';

/** An endpoint events are POSTed to (migration 0020-webhooks). */
export interface WebhookEndpointsTable {
  webhook_id: string;
  url: string;
  /** The event types it receives (the contract's webhookEventTypes), a JSON array the fan-out trigger reads. */
  event_types: Json<string[]>;
  description: ColumnType<string | null, string | null | undefined, string | null>;
  /** The signing secret, encrypted with a key derived from the server secret (security/secret-box.ts): signing needs it in the clear. */
  secret_sealed: string;
  disabled: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * One event to deliver to one endpoint, written by the trigger on audit_events in the change's own
 * transaction (or by a resend). An instance that claims it holds it until locked_until (its lease),
 * under its claim_id; the attempt's outcome is written only under that claim.
 */
export interface WebhookDeliveriesTable {
  delivery_id: string;
  webhook_id: string;
  event_id: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: Generated<number>;
  /** When a pending delivery is due once tried (a first attempt is due at once); null once it ended. */
  next_attempt_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  locked_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  claim_id: ColumnType<string | null, string | null | undefined, string | null>;
  last_attempt_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_status_code: ColumnType<number | null, number | null | undefined, number | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

declare module '../../storage/database.js' {
  interface Database {
    webhook_endpoints: WebhookEndpointsTable;
    webhook_deliveries: WebhookDeliveriesTable;
  }
}
