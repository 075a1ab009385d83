import type { Json, Timestamp } from '../../storage/database.js';

/**
 * Client events as stored (POST /sdk/v1/events). The table is made by the kernel's first migration
 * (0001-foundation), which shipped making the kernel's tables with it; only its type lives here.
 */
export interface EventsTable {
  event_id: string;
  name: string;
  occurred_at: Timestamp;
  details: Json<Record<string, unknown>>;
  received_at: Timestamp;
  request_id: string;
}

declare module '../../storage/database.js' {
  interface Database {
    events: EventsTable;
  }
}
