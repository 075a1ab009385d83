import type { Kysely } from 'kysely';
import type { AuditEventType } from '@vestibule/contract';
import type { Database } from '../../storage/database.js';
import { newId } from '../../security/random-token.js';

/** An event only the server sees (a refused sign-in, a lock, an operator's action); changes write their own by trigger (migration 0019). */
export interface ServerEvent {
  type: Extract<AuditEventType, 'sign_in.failed' | 'sign_in.locked' | 'operator.action'>;
  userId: string | null;
  data: Record<string, unknown>;
  actor?: Record<string, string> | null;
}

/** Records an event for GET /v1/events (kept eventRetentionDays), in `db`'s transaction when it is one. */
export async function recordEvent(db: Kysely<Database>, event: ServerEvent, now: Date): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      event_id: newId('event'),
      type: event.type,
      user_id: event.userId,
      occurred_at: now,
      data: JSON.stringify({ user_id: event.userId, ...event.data }),
      actor: event.actor ? JSON.stringify(event.actor) : null,
    })
    .execute();
}
