import type { Kysely } from 'kysely';
import type { OutboxMessage } from '@vestibule/contract';
import { emailOrNull } from '../kernel/email-address.js';
import { KEEP_ENDED_MS, type PruneBatch } from '../kernel/pruning.js';
import { newId } from '../security/random-token.js';
import type { Database } from '../storage/database.js';
import type { EmailSender } from './email-sender.js';
import type { TextSender } from './text-sender.js';

/** The development outbox: every message is also kept in the database for the demo and tests. */
export function createOutboxEmailSink(db: Kysely<Database>, clock: () => Date): EmailSender {
  return {
    async send(message) {
      await db
        .insertInto('outbox_messages')
        .values({
          id: newId('outbox'),
          channel: 'email',
          recipient: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          created_at: clock(),
        })
        .execute();
    },
  };
}

/** The development outbox for SMS and WhatsApp: subject and html are null. */
export function createOutboxTextSink(db: Kysely<Database>, clock: () => Date): TextSender {
  return {
    async send(message) {
      await db
        .insertInto('outbox_messages')
        .values({ id: newId('outbox'), channel: message.channel, recipient: message.to, subject: null, text: message.text, html: null, created_at: clock() })
        .execute();
    },
  };
}

/** Messages newest first, optionally only those sent to `to` (an address in any spelling that reaches it: case, a unicode domain). */
export async function listOutbox(db: Kysely<Database>, options: { to?: string; limit?: number } = {}): Promise<OutboxMessage[]> {
  let query = db
    .selectFrom('outbox_messages')
    .selectAll()
    .orderBy('seq', 'desc')
    .limit(options.limit ?? 100);
  if (options.to) query = query.where('recipient', '=', emailOrNull(options.to) ?? options.to.trim().toLowerCase());
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    html: row.html,
    created_at: row.created_at.toISOString(),
  }));
}

/** One batch (kernel/pruning.ts) of outbox messages older than a day: the links and passcodes in them have ended by then. */
export const pruneOutbox: PruneBatch = async (db, now, limit) => {
  const old = db
    .selectFrom('outbox_messages')
    .select('seq')
    .where('created_at', '<', new Date(now.getTime() - KEEP_ENDED_MS))
    .limit(limit)
    .forUpdate()
    .skipLocked();
  const result = await db.deleteFrom('outbox_messages').where('seq', 'in', old).executeTakeFirst();
  return Number(result.numDeletedRows);
};
