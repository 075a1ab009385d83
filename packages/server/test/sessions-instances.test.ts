import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SessionResponse } from '@vestibule/contract';
import { describeWithPostgres } from './helpers/describe-with-postgres.js';
import { uniqueEmail } from './helpers/harness.js';
import { startListening, type ListeningServer } from './helpers/listening.js';
import { withConnection } from './helpers/postgres.js';
import { TEST_SECRET } from './helpers/test-config.js';

/**
 * Session checks are answered from each instance's memory (kernel/sessions/live-sessions.ts);
 * these tests hold that what one instance changes is seen at once by the other, over real sockets
 * on one PostgreSQL.
 */
/** How many connections LISTEN on the database. */
const listeners = (url: string) =>
  withConnection(
    url,
    async (admin) =>
      (await admin.query(`select count(*)::int as n from pg_stat_activity where query ilike 'LISTEN%' and datname = current_database()`)).rows[0].n as number,
  );

const check = (server: ListeningServer, session: SessionResponse) =>
  server.send('POST', '/sdk/v1/sessions/authenticate', {}, { session: session.session_token });

describeWithPostgres('sessions across two instances on one PostgreSQL', (cluster) => {
  let url: string;
  let a: ListeningServer;
  let b: ListeningServer;
  beforeAll(async () => {
    url = await cluster().createDatabase();
    // Instances sharing a database share its secret.
    a = await startListening({ databaseUrl: url, secret: TEST_SECRET });
    b = await startListening({ databaseUrl: url, secret: TEST_SECRET });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('refuses a session revoked on one instance at once on the other, every time', async () => {
    for (let round = 0; round < 20; round++) {
      // Each round from an address of its own: sends are limited per client address.
      const session = await a.signInByLink(uniqueEmail('revoked'), `127.0.2.${round + 1}`);
      // Twice, so the second is answered from B's memory.
      expect((await check(b, session)).status).toBe(200);
      expect((await check(b, session)).status).toBe(200);
      expect((await a.send('POST', '/sdk/v1/sessions/revoke', {}, { session: session.session_token })).status).toBe(200);
      const afterRevoke = await check(b, session);
      expect(afterRevoke.status, `round ${round}`).toBe(401);
      expect(afterRevoke.body.error_type).toBe('session_not_found');
      expect((await check(a, session)).status).toBe(401);
    }
  });

  it('shows a change to the user made anywhere (here a write outside the API) on both instances once announced', async () => {
    const session = await a.signInByLink(uniqueEmail('changed'));
    expect((await check(b, session)).body.user.phone_numbers).toEqual([]);
    await withConnection(url, (admin) =>
      admin.query('insert into user_phone_numbers (phone_id, user_id, phone_number, verified, created_at) values ($1, $2, $3, true, now())', [
        `phone-test-${randomUUID()}`,
        session.user_id,
        '+15005550006',
      ]),
    );
    // No route settles after this write, so it shows once announced: at once on one host.
    for (const server of [a, b]) {
      await expect
        .poll(async () => (await check(server, session)).body.user.phone_numbers.map((p: { phone_number: string }) => p.phone_number), { timeout: 2000 })
        .toEqual(['+15005550006']);
    }
  });

  it('writes last_accessed_at at most once a minute per session, and answers it as stored', async () => {
    const session = await a.signInByLink(uniqueEmail('touch'));
    const first = await check(b, session);
    const second = await check(a, session);
    expect(first.body.session.last_accessed_at).toBe(session.session.last_accessed_at);
    expect(second.body.session.last_accessed_at).toBe(session.session.last_accessed_at);
    // A new duration is always written, and seen by the other instance.
    const extended = await b.send('POST', '/sdk/v1/sessions/authenticate', { session_duration_minutes: 600 }, { session: session.session_token });
    expect(extended.status).toBe(200);
    expect((await check(a, session)).body.session.expires_at).toBe(extended.body.session.expires_at);
  });

  it('writes a session stale by a minute once, however many checks of it arrive together', async () => {
    const session = await a.signInByLink(uniqueEmail('herd'));
    const id = session.session.session_id;
    await withConnection(url, async (admin) => {
      // Counts the writes to this one session, in the database itself.
      await admin.query('create table herd_writes (session_id text)');
      await admin.query(
        `create function herd_count() returns trigger language plpgsql as $$ begin insert into herd_writes values (new.session_id); return null; end $$`,
      );
      await admin.query(`create trigger herd_count after update on sessions for each row execute function herd_count()`);
      const announced: string[] = [];
      admin.on('notification', (message) => message.payload === `s:${id}` && announced.push(message.payload));
      await admin.query('listen vestibule_changes');
      // Last accessed two minutes ago (and a new expiry, so that the instances read it again).
      await admin.query(
        `update sessions set last_accessed_at = now() - interval '2 minutes', expires_at = expires_at + interval '1 second' where session_id = $1`,
        [id],
      );
      await expect.poll(() => announced.length).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await admin.query('delete from herd_writes');
      // Every tab of a browser checking at once, just past the minute.
      const answers = await Promise.all(Array.from({ length: 20 }, () => check(a, session)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      expect(new Set(answers.map((answer) => answer.body.session.last_accessed_at)).size).toBe(1);
      expect(Date.parse(answers[0]!.body.session.last_accessed_at)).toBeGreaterThan(Date.now() - 60_000);
      expect((await admin.query('select session_id from herd_writes')).rows).toEqual([{ session_id: id }]);
      await admin.query('drop trigger herd_count on sessions');
    });
  });

  it('reads from the database while an instance cannot hear announcements, and hears them again after', async () => {
    const session = await a.signInByLink(uniqueEmail('deaf'));
    expect((await check(b, session)).status).toBe(200);
    // Cut every listening connection (both instances'), then revoke while they reconnect.
    await withConnection(url, async (admin) => {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN%' and datname = current_database() and pid <> pg_backend_pid()`,
      );
      // The instances learn of the cut when its error reaches them (well under this); the
      // revocation then happens while nobody listens, so no announcement of it will ever come.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await admin.query('update sessions set revoked_at = now() where session_id = $1', [session.session.session_id]);
    });
    expect((await check(b, session)).status).toBe(401);
    // Within a few seconds both listen again, and announcements work again.
    await expect.poll(() => listeners(url), { timeout: 10_000 }).toBe(2);
    const next = await a.signInByLink(uniqueEmail('heard'));
    expect((await check(b, next)).status).toBe(200);
    expect((await a.send('POST', '/sdk/v1/sessions/revoke', {}, { session: next.session_token })).status).toBe(200);
    expect((await check(b, next)).status).toBe(401);
  });
});
