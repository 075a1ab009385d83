import type { WebhookCreateResponse, WebhookDelivery } from '@vestibule/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEmail, asPerson, expectError, signedIn } from '../helpers/account.js';
import { uniqueEmail } from '../helpers/harness.js';
import type { ListeningServer } from '../helpers/listening.js';
import { manage } from '../helpers/management.js';
import { signInByPasscode } from '../helpers/otp.js';
import { sharedListening } from '../helpers/shared-stack.js';
import { payloadOf, type Receiver, startReceiver } from './receiver.js';

/**
 * An integrator's view of webhooks: an endpoint registered through the management API receives
 * the events of the types it names, signed as Standard Webhooks says, which it checks with that
 * specification's own library. Over real sockets, on the worker's development server (loopback
 * receivers are allowed there).
 */
let s: ListeningServer;
const receivers: Receiver[] = [];
const endpoints: string[] = [];

beforeAll(async () => {
  s = await sharedListening();
});

afterAll(async () => {
  // The worker's server outlives this file: endpoints left behind would keep receiving others' events.
  for (const id of endpoints) await manage(s, 'DELETE', `/v1/webhooks/${id}`);
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

async function endpoint(eventTypes: string[], extra: Record<string, unknown> = {}): Promise<{ receiver: Receiver; webhookId: string }> {
  const receiver = await startReceiver();
  receivers.push(receiver);
  const made = await manage<WebhookCreateResponse>(s, 'POST', '/v1/webhooks', { url: receiver.url, event_types: eventTypes, ...extra });
  expect(made.status).toBe(200);
  receiver.secret = made.body.secret;
  endpoints.push(made.body.webhook_id);
  return { receiver, webhookId: made.body.webhook_id };
}

const deliveries = async (webhookId: string) =>
  (await manage<{ deliveries: WebhookDelivery[] }>(s, 'GET', `/v1/webhooks/${webhookId}/deliveries`)).body.deliveries;
const forUser = (userId: string) => (received: Receiver['received']) => received.filter((r) => payloadOf(r).data.user_id === userId);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('delivery', () => {
  it('a sign-up with an email passcode reaches the endpoint as user.created, email.verified and session.created, each signed and with its event id as webhook-id', async () => {
    const { receiver, webhookId } = await endpoint(['user.created', 'email.verified', 'session.created']);
    expect(receiver.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const signedUp = await signInByPasscode(s, uniqueEmail('hooked'));
    const userId = signedUp.user_id;

    const got = forUser(userId)(await receiver.waitFor((all) => forUser(userId)(all).length >= 3));
    expect(got.map((r) => payloadOf(r).type).sort()).toEqual(['email.verified', 'session.created', 'user.created']);
    for (const request of got) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(Number(request.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);
      const { timestamp, data } = payloadOf(request);
      expect(new Date(timestamp).toISOString()).toBe(timestamp);
      expect(data.user_id).toBe(userId);
    }
    const session = got.find((r) => payloadOf(r).type === 'session.created')!;
    expect(payloadOf(session).data.session_id).toBe(signedUp.session.session_id);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(3);

    const listed = (await deliveries(webhookId)).filter((d) => got.some((r) => r.headers['webhook-id'] === d.event_id));
    expect(listed).toHaveLength(3);
    for (const delivery of listed) {
      expect(delivery).toMatchObject({
        webhook_id: webhookId,
        status: 'succeeded',
        attempts: 1,
        last_status_code: 204,
        last_error: null,
        next_attempt_at: null,
      });
    }
    expect(listed.map((d) => d.event_type).sort()).toEqual(['email.verified', 'session.created', 'user.created']);
  });

  it('only the event types an endpoint names reach it, and nothing reaches a disabled or deleted endpoint', async () => {
    const sessions = await endpoint(['session.created']);
    const disabled = await endpoint(['user.created', 'session.created']);
    const deleted = await endpoint(['user.created', 'session.created']);
    expect((await manage(s, 'PATCH', `/v1/webhooks/${disabled.webhookId}`, { disabled: true })).body.webhook.disabled).toBe(true);
    expect((await manage(s, 'DELETE', `/v1/webhooks/${deleted.webhookId}`)).status).toBe(200);

    const { user_id: userId } = await signInByPasscode(s, uniqueEmail('filtered'));
    const got = forUser(userId)(await sessions.receiver.waitFor((all) => forUser(userId)(all).length >= 1));
    // A moment for anything else that would come.
    await pause(1500);
    expect(forUser(userId)(sessions.receiver.received).map((r) => payloadOf(r).type)).toEqual(['session.created']);
    expect(got).toHaveLength(1);
    expect(disabled.receiver.received).toEqual([]);
    expect(deleted.receiver.received).toEqual([]);
  });

  it('a change its transaction rolls back sends nothing: removing the last way in (refused) is not delivered, the same removal once allowed is, once', async () => {
    const { receiver, webhookId } = await endpoint(['email.removed']);
    const person = await signedIn(s, 'rolled-back');
    const emailId = person.user.emails[0]!.email_id;
    // The removal runs, its event and delivery are written, then the count of ways in left refuses it: all rolled back.
    expectError(await asPerson(s, person, 'emails/remove', { email_id: emailId }), 400, 'last_way_in');

    await addEmail(s, person, uniqueEmail('second'));
    expect((await asPerson(s, person, 'emails/remove', { email_id: emailId })).status).toBe(200);
    const [removed] = forUser(person.userId)(await receiver.waitFor((all) => forUser(person.userId)(all).length >= 1));
    expect(payloadOf(removed!).data).toMatchObject({ email_id: emailId, email: person.email });
    await pause(1500);
    expect(forUser(person.userId)(receiver.received)).toHaveLength(1);
    expect(await deliveries(webhookId)).toHaveLength(1);
  });

  it('resend delivers the same event again, now, with the same webhook-id, as a new delivery', async () => {
    const { receiver, webhookId } = await endpoint(['user.created']);
    const { user_id: userId } = await signInByPasscode(s, uniqueEmail('resent'));
    const [first] = forUser(userId)(await receiver.waitFor((all) => forUser(userId)(all).length >= 1));
    const [original] = (await deliveries(webhookId)).filter((d) => d.event_id === first!.headers['webhook-id']);

    const resent = await manage<{ delivery: WebhookDelivery }>(s, 'POST', `/v1/webhooks/${webhookId}/deliveries/${original!.delivery_id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body.delivery).toMatchObject({ event_id: original!.event_id, event_type: 'user.created', status: 'pending', attempts: 0 });
    expect(resent.body.delivery.delivery_id).not.toBe(original!.delivery_id);

    const again = forUser(userId)(await receiver.waitFor((all) => forUser(userId)(all).length >= 2));
    expect(again[1]!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(payloadOf(again[1]!)).toEqual(payloadOf(first!));
    const listed = (await deliveries(webhookId)).filter((d) => d.event_id === original!.event_id);
    expect(listed.map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
    expect(listed[0]!.delivery_id).toBe(resent.body.delivery.delivery_id);
  });

  it('an endpoint that answers a redirect is not followed there: the attempt failed with its status', async () => {
    const elsewhere = await startReceiver();
    receivers.push(elsewhere);
    const redirecting = await startReceiver((_n, res) => {
      res.setHeader('Location', elsewhere.url);
      return 307;
    });
    receivers.push(redirecting);
    const made = await manage<WebhookCreateResponse>(s, 'POST', '/v1/webhooks', { url: redirecting.url, event_types: ['user.created'] });
    endpoints.push(made.body.webhook_id);
    redirecting.secret = made.body.secret;

    const { user_id: userId } = await signInByPasscode(s, uniqueEmail('redirected'));
    const [request] = forUser(userId)(await redirecting.waitFor((all) => forUser(userId)(all).length >= 1));
    await pause(1000);
    expect(elsewhere.received).toEqual([]);
    const [delivery] = (await deliveries(made.body.webhook_id)).filter((d) => d.event_id === request!.headers['webhook-id']);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 307, last_error: 'Redirects are not followed.' });
    expect(delivery!.next_attempt_at).not.toBeNull();
  });
});
