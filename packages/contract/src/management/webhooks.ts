import { z } from 'zod';
import { ok } from '../common.js';
import { route } from '../route.js';
import { webhookEventTypes } from './events.js';

/**
 * Webhook endpoints, registered by operators: each event of the types an endpoint names is POSTed
 * to its URL as the Standard Webhooks specification says (`webhook-id`: the event's id, the same
 * on every retry; `webhook-timestamp`; `webhook-signature`: `v1,` and the HMAC-SHA256 with the
 * endpoint's `whsec_…` secret), body `{ type, timestamp, data }`. A delivery is written in the same
 * transaction as the change, and retried with backoff (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, …) for
 * 24 hours until the endpoint answers 2xx; a redirect is not followed.
 *
 * In production a URL must be https and its host must resolve to public addresses only, checked
 * when it is registered and again at every delivery (on the address that was checked); in
 * development http and loopback are allowed too.
 *
 * Registering, changing and deleting an endpoint need a recent sign-in when an operator's session
 * calls (403 reauthentication_required): whoever points an endpoint elsewhere receives every
 * user's changes. A management key always may.
 */

const TAG = 'Management: webhooks';

const url = z
  .string()
  .max(2048)
  .refine((value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol), 'must be an http or https URL')
  .meta({
    description:
      'Where events are POSTed. In production https, on a host that resolves to public addresses only. The webhook routes answer it whole, as given, to every operator and key (credentials in it too, such as user:password@ or a token, which the signature makes needless); operator.action events record only its host.',
  });

const eventTypes = z
  .array(z.enum(webhookEventTypes))
  .min(1)
  .max(webhookEventTypes.length)
  .refine((types) => new Set(types).size === types.length, 'must not name an event type twice')
  .meta({ description: 'The event types delivered to the endpoint: at least one, each once.' });

const description = z.string().trim().max(500).meta({ description: 'What the endpoint is for, as operators read it.' });

export const WebhookSchema = z
  .object({
    webhook_id: z.string(),
    url: z.string(),
    event_types: z.array(z.enum(webhookEventTypes)),
    description: z.string().nullable(),
    disabled: z
      .boolean()
      .meta({ description: 'true: nothing is delivered, and events meanwhile are not kept for it; its pending deliveries wait until it is enabled again.' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.output<typeof WebhookSchema>;

export const WebhookCreateRequestSchema = z
  .strictObject({ url, event_types: eventTypes, description: description.optional() })
  .meta({ id: 'WebhookCreateRequest' });
export type WebhookCreateRequest = z.input<typeof WebhookCreateRequestSchema>;

export const WebhookCreateResponseSchema = z
  .object({
    ...ok,
    webhook_id: z.string(),
    secret: z.string().meta({ description: 'The signing secret (`whsec_` and base64), shown this once: give it to the receiver to check signatures.' }),
    webhook: WebhookSchema,
  })
  .meta({ id: 'WebhookCreateResponse' });
export type WebhookCreateResponse = z.output<typeof WebhookCreateResponseSchema>;

export const WebhookUpdateRequestSchema = z
  .strictObject({
    url: url.optional(),
    event_types: eventTypes.optional(),
    description: description.nullable().optional(),
    disabled: z.boolean().optional(),
  })
  .meta({ id: 'WebhookUpdateRequest' });
export type WebhookUpdateRequest = z.input<typeof WebhookUpdateRequestSchema>;

export const WebhookResponseSchema = z.object({ ...ok, webhook: WebhookSchema }).meta({ id: 'WebhookResponse' });
export type WebhookResponse = z.output<typeof WebhookResponseSchema>;

export const WebhookListResponseSchema = z
  .object({ ...ok, webhooks: z.array(WebhookSchema).meta({ description: 'Oldest first.' }) })
  .meta({ id: 'WebhookListResponse' });
export type WebhookListResponse = z.output<typeof WebhookListResponseSchema>;

export const WebhookDeleteResponseSchema = z.object({ ...ok, webhook_id: z.string() }).meta({ id: 'WebhookDeleteResponse' });
export type WebhookDeleteResponse = z.output<typeof WebhookDeleteResponseSchema>;

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;

export const WebhookDeliverySchema = z
  .object({
    delivery_id: z.string(),
    webhook_id: z.string(),
    event_id: z.string().meta({ description: 'The event delivered: the webhook-id header, the same on every attempt and on a resend.' }),
    event_type: z.enum(webhookEventTypes),
    status: z.enum(webhookDeliveryStatuses).meta({
      description: "'pending': not yet answered 2xx, tried again at next_attempt_at; 'succeeded': answered 2xx; 'failed': not answered 2xx within 24 hours.",
    }),
    attempts: z.number().int(),
    last_attempt_at: z.string().nullable(),
    last_status_code: z.number().int().nullable().meta({ description: "The endpoint's HTTP status at the last attempt; null when it gave none." }),
    last_error: z.string().nullable().meta({ description: 'Why the last attempt failed when the endpoint gave no status (a timeout, a refused address, …).' }),
    next_attempt_at: z.string().nullable().meta({ description: 'When a pending delivery is tried next; null once it succeeded or failed.' }),
    created_at: z.string(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.output<typeof WebhookDeliverySchema>;

export const WebhookDeliveriesQuerySchema = z
  .strictObject({
    status: z.enum(webhookDeliveryStatuses).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20).meta({ description: 'How many, newest first (1..100, 20 by default).' }),
  })
  .meta({ id: 'WebhookDeliveriesQuery' });

export const WebhookDeliveryListResponseSchema = z
  .object({ ...ok, deliveries: z.array(WebhookDeliverySchema).meta({ description: 'Newest first.' }) })
  .meta({ id: 'WebhookDeliveryListResponse' });
export type WebhookDeliveryListResponse = z.output<typeof WebhookDeliveryListResponseSchema>;

export const WebhookDeliveryResponseSchema = z.object({ ...ok, delivery: WebhookDeliverySchema }).meta({ id: 'WebhookDeliveryResponse' });
export type WebhookDeliveryResponse = z.output<typeof WebhookDeliveryResponseSchema>;

const id = z.string().min(1).max(256);
const params = z.strictObject({ webhook_id: id });

export const webhookRoutes = {
  list: route({
    method: 'get',
    path: '/v1/webhooks',
    summary: 'Lists the webhook endpoints (never their secrets).',
    tag: TAG,
    auth: 'management',
    response: WebhookListResponseSchema,
    errors: [],
  }),
  create: route({
    method: 'post',
    path: '/v1/webhooks',
    summary: 'Registers a webhook endpoint; its signing secret is answered this once.',
    tag: TAG,
    auth: 'management',
    request: WebhookCreateRequestSchema,
    response: WebhookCreateResponseSchema,
    errors: ['webhook_url_not_allowed', 'reauthentication_required'],
  }),
  get: route({
    method: 'get',
    path: '/v1/webhooks/{webhook_id}',
    summary: 'One webhook endpoint (never its secret).',
    tag: TAG,
    auth: 'management',
    params,
    response: WebhookResponseSchema,
    errors: ['webhook_not_found'],
  }),
  update: route({
    method: 'patch',
    path: '/v1/webhooks/{webhook_id}',
    summary: "Changes an endpoint's URL, event types, description or whether it is disabled (the fields given).",
    tag: TAG,
    auth: 'management',
    params,
    request: WebhookUpdateRequestSchema,
    response: WebhookResponseSchema,
    errors: ['webhook_not_found', 'webhook_url_not_allowed', 'reauthentication_required'],
  }),
  delete: route({
    method: 'delete',
    path: '/v1/webhooks/{webhook_id}',
    summary: 'Deletes an endpoint and its deliveries; nothing more is sent to it.',
    tag: TAG,
    auth: 'management',
    params,
    response: WebhookDeleteResponseSchema,
    errors: ['webhook_not_found', 'reauthentication_required'],
  }),
  deliveries: route({
    method: 'get',
    path: '/v1/webhooks/{webhook_id}/deliveries',
    summary: "An endpoint's recent deliveries, newest first: each event, its status and its last attempt.",
    tag: TAG,
    auth: 'management',
    params,
    query: WebhookDeliveriesQuerySchema,
    response: WebhookDeliveryListResponseSchema,
    errors: ['webhook_not_found'],
  }),
  resend: route({
    method: 'post',
    path: '/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/resend',
    summary: 'Delivers the event of a delivery again, now, as a new delivery (with the same webhook-id), retried like any other.',
    tag: TAG,
    auth: 'management',
    params: z.strictObject({ webhook_id: id, delivery_id: id }),
    response: WebhookDeliveryResponseSchema,
    errors: ['webhook_not_found', 'webhook_delivery_not_found'],
  }),
};
