import type { ChildProcess } from 'node:child_process';
import type { WebhookCreateResponse, WebhookDelivery } from '@vestibule/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrations } from '../../src/features/index.js';
import { claimDueDeliveries } from '../../src/features/webhooks/delivery-claims.js';
import { createDatabase } from '../../src/storage/create-database.js';
import { migrateToLatest } from '../../src/storage/migrate.js';
import { loopback } from '../helpers/account.js';
import { describeWithPostgres, twoInstances } from '../helpers/describe-with-postgres.js';
import { testClock, uniqueEmail } from '../helpers/harness.js';
import { type ListeningServer, startListening } from '../helpers/listening.js';
import { MANAGEMENT_KEY, manage } from '../helpers/management.js';
import { startServerProcess } from '../helpers/server-process.js';
import { dataDirWithDatabase, PUBLIC_TOKEN, tempDir, TEST_SECRET } from '../helpers/test-config.js';
import { payloadOf, type Receiver, startReceiver } from './receiver.js';

/**
 * Instances on one PostgreSQL share the deliveries: each event is delivered once, whichever
 * instance claims it (SKIP LOCKED), and one killed in the middle of an attempt (kill -9: no chance
 * to give its claim back) loses nothing, since its claim ends with its lease and another instance
 * takes the delivery then.
 */
const PASSWORD = 'webhook-instances-Tundra-71';
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A sign-up with a password (a user.created event), from a client address of its own. */
async function signUp(server: ListeningServer): Promise<string> {
  const answer = await server.send('POST', '/sdk/v1/passwords', { email: uniqueEmail('instances'), password: PASSWORD }, { from: loopback() });
  if (answer.status !== 200) throw new Error(`sign-up: ${JSON.stringify(answer.body)}`);
  return answer.body.user_id;
}

async function endpoint(server: ListeningServer, receiver: Receiver): Promise<string> {
  const made = await manage<WebhookCreateResponse>(server, 'POST', '/v1/webhooks', { url: receiver.url, event_types: ['user.created'] });
  receiver.secret = made.body.secret;
  return made.body.webhook_id;
}

describeWithPostgres('webhooks on two instances', (cluster) => {
  const servers = twoInstances(cluster);
  let receiver: Receiver;
  afterAll(() => receiver?.close());

  it('deliver each of 30 events, made on either instance, exactly once', async () => {
    // A slow receiver keeps attempts under way on both instances at once.
    receiver = await startReceiver(() => 204, { delayMs: 150 });
    const webhookId = await endpoint(servers.a, receiver);
    const users = await Promise.all(Array.from({ length: 30 }, (_, i) => signUp(i % 2 ? servers.a : servers.b)));

    await receiver.waitFor((all) => all.length >= 30, 20_000);
    await pause(2500);
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(new Set(receiver.received.map((r) => payloadOf(r).data.user_id))).toEqual(new Set(users));
    const listed = (await manage<{ deliveries: WebhookDelivery[] }>(servers.b, 'GET', `/v1/webhooks/${webhookId}/deliveries?limit=100`)).body.deliveries;
    expect(listed.map((d) => [d.status, d.attempts])).toEqual(Array(30).fill(['succeeded', 1]));
  });
});

describeWithPostgres('claims made at the same moment', (cluster) => {
  it('never hand one delivery to two claimants: 40 claims at once, from two pools, of 300 due deliveries', async () => {
    // Through the API, two instances' claims seldom meet within the milliseconds a claim takes;
    // here they all do, as they would under load.
    const url = await cluster().createDatabase();
    const pools = [await createDatabase({ databaseUrl: url, dataDir: tempDir() }), await createDatabase({ databaseUrl: url, dataDir: tempDir() })];
    try {
      const { db } = pools[0]!;
      await migrateToLatest(db, migrations);
      const now = new Date();
      await db
        .insertInto('webhook_endpoints')
        .values({
          webhook_id: 'webhook-race',
          url: 'http://127.0.0.1:9/',
          event_types: JSON.stringify(['user.created']),
          secret_sealed: 'unused',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await sql`insert into audit_events (event_id, type, user_id, occurred_at, data)
        select 'event-race-' || n, 'user.created', null, now(), '{}' from generate_series(1, 300) n`.execute(db);
      const claims = await Promise.all(Array.from({ length: 40 }, (_, i) => claimDueDeliveries(pools[i % 2]!.db, new Date(), 10)));
      const claimed = claims.flat().map((delivery) => delivery.delivery_id);
      expect(claimed.length).toBeGreaterThan(0);
      expect(new Set(claimed).size).toBe(claimed.length);
    } finally {
      await Promise.all(pools.map(({ db }) => db.destroy()));
    }
  });
});

describeWithPostgres('an instance killed in the middle of a delivery', (cluster) => {
  let url: string;
  let child: ChildProcess | undefined;
  let survivor: ListeningServer | undefined;
  let receiver: Receiver;
  beforeAll(async () => {
    url = await cluster().createDatabase();
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await survivor?.close();
    await receiver?.close();
  });

  it('loses nothing: its claim ends with the lease, and another instance delivers the event then, with the same webhook-id', async () => {
    // The first attempt is held unanswered until the instance making it is killed; the next is answered.
    receiver = await startReceiver((n) => (n === 0 ? 'hold' : 204));
    const instance = await startServerProcess({
      VESTIBULE_DATA_DIR: dataDirWithDatabase(),
      DATABASE_URL: url,
      VESTIBULE_SECRET: TEST_SECRET,
      VESTIBULE_MANAGEMENT_KEY: MANAGEMENT_KEY,
    });
    child = instance.child;
    const base = instance.url;
    const call = async (method: string, path: string, body: unknown, headers: Record<string, string>) => {
      const response = await fetch(`${base}${path}`, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
      return { status: response.status, body: await response.json() };
    };
    const made = await call('POST', '/v1/webhooks', { url: receiver.url, event_types: ['user.created'] }, { Authorization: `Bearer ${MANAGEMENT_KEY}` });
    expect(made.status).toBe(200);
    receiver.secret = made.body.secret;
    const signedUp = await call('POST', '/sdk/v1/passwords', { email: uniqueEmail('killed'), password: PASSWORD }, { 'X-Public-Token': PUBLIC_TOKEN });
    expect(signedUp.status).toBe(200);

    const [held] = await receiver.waitFor((all) => all.length === 1);
    child.kill('SIGKILL');
    await instance.exited;

    const clock = testClock();
    survivor = await startListening({ databaseUrl: url, secret: TEST_SECRET }, {}, undefined, clock);
    // The dead instance's lease still holds: nobody takes the delivery yet.
    await pause(2500);
    expect(receiver.received).toHaveLength(1);

    clock.advanceMinutes(2);
    const [, again] = await receiver.waitFor((all) => all.length === 2);
    expect(again!.headers['webhook-id']).toBe(held!.headers['webhook-id']);
    expect(payloadOf(again!)).toEqual(payloadOf(held!));
    expect(payloadOf(again!).data.user_id).toBe(signedUp.body.user_id);
    await pause(1500);
    expect(receiver.received).toHaveLength(2);
    const [delivery] = (await manage<{ deliveries: WebhookDelivery[] }>(survivor, 'GET', `/v1/webhooks/${made.body.webhook_id}/deliveries`)).body.deliveries;
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 2, last_status_code: 204 });
  });
});
