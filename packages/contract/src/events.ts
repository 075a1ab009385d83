import { z } from 'zod';
import { OkResponseSchema } from './common.js';
import { route } from './route.js';

/** Event names the client logs. */
export const loggedEventNames = [
  'sdk_instance_instantiated',
  'render_login_screen',
  'render_idp_screen',
  'email_sent',
  'email_try_again_clicked',
  'flow_complete',
  'authenticate_flow_complete',
  'consent_denied',
] as const;
export type LoggedEventName = (typeof loggedEventNames)[number];

export const LoggedEventSchema = z
  .strictObject({
    /** 21-character random id made by the client. */
    event_id: z.string().min(1).max(64),
    name: z.enum(loggedEventNames),
    /** ISO 8601 time the event happened in the browser. */
    timestamp: z
      .string()
      .max(64)
      .refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 time'),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'LoggedEvent' });
export type LoggedEvent = z.output<typeof LoggedEventSchema>;

export const EventLogRequestSchema = z.strictObject({ events: z.array(LoggedEventSchema).min(1).max(50) }).meta({ id: 'EventLogRequest' });
export type EventLogRequest = z.input<typeof EventLogRequestSchema>;

export const eventRoutes = {
  log: route({
    method: 'post',
    path: '/sdk/v1/events',
    summary:
      'Store a batch (1..50) of client events with known names; an event_id already stored is ignored, so retries are safe. Each client address may store a limited number of events per window (429).',
    tag: 'Events',
    auth: 'public',
    request: EventLogRequestSchema,
    response: OkResponseSchema,
    errors: ['too_many_requests'],
  }),
} as const;
