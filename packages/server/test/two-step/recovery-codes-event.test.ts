import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent, WebhookDelivery } from '@vestibule/contract';
import { asPerson, signedIn } from '../helpers/account.js';
import type { ListeningServer } from '../helpers/listening.js';
import { manage } from '../helpers/management.js';
import { sharedListening } from '../helpers/shared-stack.js';
import { confirmWithApp, turnOn } from './helpers.js';

/**
 * New recovery codes replacing the old ones (POST /sdk/v1/account/two_step/recovery_codes) are an
 * event, two_step.recovery_codes_replaced, one per replacement (not one per code), in GET
 * /v1/events and delivered to the webhooks that take it; the first set, issued as the app is turned
 * on, is two_step.enabled's. Over real sockets.
 */
let s: ListeningServer;
let webhookId: string;
beforeAll(async () => {
  s = await sharedListening();
  // Nothing listens on port 9: the delivery is written and waits, which is all this looks at.
  const made = await manage(s, 'POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hooks', event_types: ['two_step.recovery_codes_replaced'] });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  webhookId = made.body.webhook_id;
});
afterAll(async () => {
  await manage(s, 'DELETE', `/v1/webhooks/${webhookId}`);
});

const eventsOf = async (userId: string): Promise<AuditEvent[]> => (await manage(s, 'GET', `/v1/events?user_id=${userId}&limit=200`)).body.events;

describe('new recovery codes', () => {
  it('record one two_step.recovery_codes_replaced each time, with the key, delivered to the webhooks that take it; turning the app on or off records none', async () => {
    const who = await signedIn(s, 'codes-event');
    const { secret } = await turnOn(s, who);
    const types = async () => (await eventsOf(who.userId)).map((event) => event.type);
    expect(await types()).toContain('two_step.enabled');
    expect(await types()).not.toContain('two_step.recovery_codes_replaced');

    await confirmWithApp(s, who, secret);
    for (const _ of [1, 2]) expect((await asPerson(s, who, 'two_step/recovery_codes', {})).status).toBe(200);
    const replaced = (await eventsOf(who.userId)).filter((event) => event.type === 'two_step.recovery_codes_replaced');
    expect(replaced).toHaveLength(2);
    const [key] = (await eventsOf(who.userId)).filter((event) => event.type === 'two_step.enabled');
    for (const event of replaced) expect(event).toMatchObject({ user_id: who.userId, data: { user_id: who.userId, totp_id: key!.data.totp_id }, actor: null });

    const filtered = await manage(s, 'GET', `/v1/events?user_id=${who.userId}&type=two_step.recovery_codes_replaced`);
    expect(filtered.body.events.map((event: AuditEvent) => event.event_id)).toEqual(replaced.map((event) => event.event_id));
    const deliveries: WebhookDelivery[] = (await manage(s, 'GET', `/v1/webhooks/${webhookId}/deliveries?limit=100`)).body.deliveries;
    const delivered = deliveries.map((delivery) => delivery.event_id);
    for (const event of replaced) expect(delivered).toContain(event.event_id);

    expect((await asPerson(s, who, 'two_step/delete', {})).status).toBe(200);
    await turnOn(s, who);
    expect((await eventsOf(who.userId)).filter((event) => event.type === 'two_step.recovery_codes_replaced')).toHaveLength(2);
  });
});
