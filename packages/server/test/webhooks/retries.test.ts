import type { WebhookCreateResponse, WebhookDelivery } from '@vestibule/contract';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestClock } from '../helpers/harness.js';
import { uniqueEmail } from '../helpers/harness.js';
import { clockedServer, type ListeningServer } from '../helpers/listening.js';
import { manage } from '../helpers/management.js';
import { signInByPasscode } from '../helpers/otp.js';
import { payloadOf, type Receiver, startReceiver } from './receiver.js';

/**
 * An endpoint that fails gets the event again with backoff (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, …)
 * for 24 hours, then the delivery has failed. The server's clock stands still until the test moves
 * it: an attempt comes when the server's time reaches it, not before, however long one waits.
 */
let s: ListeningServer;
let clock: TestClock;
clockedServer((started) => ({ s, clock } = started));

const receivers: Receiver[] = [];
afterAll(() => Promise.all(receivers.map((receiver) => receiver.close())));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function endpoint(answer: (n: number) => number): Promise<{ receiver: Receiver; webhookId: string }> {
  const receiver = await startReceiver(answer);
  receivers.push(receiver);
  const made = await manage<WebhookCreateResponse>(s, 'POST', '/v1/webhooks', { url: receiver.url, event_types: ['user.created'] });
  receiver.secret = made.body.secret;
  return { receiver, webhookId: made.body.webhook_id };
}

/** The endpoint's one delivery once its attempt number `attempts` is recorded (an attempt under way has no outcome yet). */
async function settled(webhookId: string, attempts: number): Promise<WebhookDelivery> {
  for (let tries = 0; tries < 200; tries++) {
    const [delivery] = (await manage<{ deliveries: WebhookDelivery[] }>(s, 'GET', `/v1/webhooks/${webhookId}/deliveries`)).body.deliveries;
    if (
      delivery &&
      delivery.attempts === attempts &&
      delivery.last_attempt_at &&
      (delivery.status !== 'pending' || delivery.next_attempt_at! > clock().toISOString())
    )
      return delivery;
    await pause(50);
  }
  throw new Error(`Attempt ${attempts} of ${webhookId} was not recorded.`);
}

const minutesBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000;

describe('retries', () => {
  it('an endpoint that fails twice gets the event again 5 seconds, then 5 minutes later (server time), the same webhook-id and a valid signature each time', async () => {
    const { receiver, webhookId } = await endpoint((n) => (n < 2 ? 500 : 200));
    await signInByPasscode(s, uniqueEmail('retried'));
    await receiver.waitFor((all) => all.length === 1);
    let delivery = await settled(webhookId, 1);
    expect(delivery).toMatchObject({ status: 'pending', last_status_code: 500 });
    expect(Date.parse(delivery.next_attempt_at!) - clock().getTime()).toBe(5000);

    // The server's time has not moved: nothing more comes.
    await pause(2500);
    expect(receiver.received).toHaveLength(1);

    clock.advanceMinutes(1);
    await receiver.waitFor((all) => all.length === 2);
    delivery = await settled(webhookId, 2);
    expect(delivery).toMatchObject({ status: 'pending', last_status_code: 500 });
    expect(minutesBetween(clock().toISOString(), delivery.next_attempt_at!)).toBe(5);

    clock.advanceMinutes(4);
    await pause(2500);
    expect(receiver.received).toHaveLength(2);

    clock.advanceMinutes(1);
    await receiver.waitFor((all) => all.length === 3);
    delivery = await settled(webhookId, 3);
    expect(delivery).toMatchObject({ status: 'succeeded', last_status_code: 200, next_attempt_at: null });

    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(receiver.received.map((r) => payloadOf(r).type)).toEqual(['user.created', 'user.created', 'user.created']);
    expect(receiver.received[0]!.headers['webhook-id']).toBe(delivery.event_id);
  });

  it('an endpoint that never answers 2xx is tried on the schedule for 24 hours, the last time at the 24th hour, then the delivery has failed', async () => {
    const { receiver, webhookId } = await endpoint(() => 503);
    await signInByPasscode(s, uniqueEmail('failing'));
    await receiver.waitFor((all) => all.length === 1);
    let delivery = await settled(webhookId, 1);
    const made = Date.parse(delivery.created_at);
    const gaps: number[] = [];
    for (let attempt = 2; delivery.status === 'pending'; attempt++) {
      const due = Date.parse(delivery.next_attempt_at!);
      gaps.push(due - Date.parse(delivery.last_attempt_at!));
      clock.advanceMinutes(Math.ceil((due - clock().getTime()) / 60_000));
      await receiver.waitFor((all) => all.length === attempt);
      delivery = await settled(webhookId, attempt);
    }
    const [first, ...later] = gaps;
    expect(first).toBe(5000);
    // The clock moves by whole minutes, so each later gap is counted from a time up to a minute past the one due.
    expect(later.slice(0, 5).map((gap) => Math.round(gap / 60_000))).toEqual([5, 30, 120, 300, 600]);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 8, last_status_code: 503, next_attempt_at: null });
    expect(Date.parse(delivery.last_attempt_at!) - made).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(receiver.received).toHaveLength(8);

    // Failed for good: a day later nothing more comes.
    clock.advanceMinutes(24 * 60);
    await pause(2000);
    expect(receiver.received).toHaveLength(8);
  });
});
