import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../storage/database.js';

/**
 * How long a claim holds a delivery: longer than an attempt can take (send.ts ATTEMPT_TIMEOUT_MS)
 * with room to spare. An instance that dies holding one (kill -9) loses it when the lease ends, and
 * another instance takes the delivery then.
 */
export const LEASE_MS = 60_000;

/** A claimed delivery with what its attempt needs: the endpoint's URL and sealed secret, the event. */
export interface ClaimedDelivery {
  delivery_id: string;
  claim_id: string;
  attempts: number;
  created_at: Date;
  url: string;
  secret_sealed: string;
  event_id: string;
  event_type: string;
  user_id: string | null;
  occurred_at: Date;
  data: Record<string, unknown>;
}

/**
 * Claims up to `limit` due deliveries of enabled endpoints (a first attempt is due at once, a retry
 * at next_attempt_at) that no live claim holds: one statement, whose rows are locked with SKIP
 * LOCKED, so instances claiming at the same moment each get different ones. Each claim counts an
 * attempt and holds its delivery for LEASE_MS.
 */
export async function claimDueDeliveries(db: Kysely<Database>, now: Date, limit: number): Promise<ClaimedDelivery[]> {
  const claimId = randomUUID();
  const lockedUntil = new Date(now.getTime() + LEASE_MS);
  const { rows } = await sql<ClaimedDelivery>`
    with due as (
      select d.delivery_id
      from webhook_deliveries d
      join webhook_endpoints w on w.webhook_id = d.webhook_id
      where d.status = 'pending' and not w.disabled
        and (d.attempts = 0 or d.next_attempt_at <= ${now})
        and (d.locked_until is null or d.locked_until <= ${now})
      order by d.next_attempt_at
      limit ${limit}
      for update of d skip locked
    ), claimed as (
      update webhook_deliveries d
      set locked_until = ${lockedUntil}, claim_id = ${claimId}, attempts = d.attempts + 1
      from due where d.delivery_id = due.delivery_id
      returning d.delivery_id, d.claim_id, d.attempts, d.created_at, d.webhook_id, d.event_id
    )
    select c.delivery_id, c.claim_id, c.attempts, c.created_at, w.url, w.secret_sealed,
      e.event_id, e.type as event_type, e.user_id, e.occurred_at, e.data
    from claimed c
    join webhook_endpoints w on w.webhook_id = c.webhook_id
    join audit_events e on e.event_id = c.event_id`.execute(db);
  return rows;
}

/** What an attempt came to, written only under the claim that made it (a claim taken over since writes nothing). */
export interface AttemptRecord {
  status: 'pending' | 'succeeded' | 'failed';
  nextAttemptAt: Date | null;
  statusCode: number | null;
  error: string | null;
}

export async function recordAttempt(db: Kysely<Database>, claimed: ClaimedDelivery, outcome: AttemptRecord, now: Date): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: outcome.status,
      next_attempt_at: outcome.nextAttemptAt,
      last_attempt_at: now,
      last_status_code: outcome.statusCode,
      last_error: outcome.error,
      locked_until: null,
      claim_id: null,
    })
    .where('delivery_id', '=', claimed.delivery_id)
    .where('claim_id', '=', claimed.claim_id)
    .execute();
}

/** Gives a claimed delivery back (the server stopping mid-attempt): due again at once, for this or another instance. */
export async function releaseClaim(db: Kysely<Database>, claimed: ClaimedDelivery): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ locked_until: null, claim_id: null })
    .where('delivery_id', '=', claimed.delivery_id)
    .where('claim_id', '=', claimed.claim_id)
    .execute();
}
