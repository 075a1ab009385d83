import { z } from 'zod';
import { route } from './route.js';

/** One message as the development outbox returns it: GET /dev/outbox (newest first). */
export const OutboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms', 'whatsapp']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  created_at: z.string(),
});
export type OutboxMessage = z.output<typeof OutboxMessageSchema>;

export const OutboxResponseSchema = z.object({ messages: z.array(OutboxMessageSchema) }).meta({ id: 'OutboxResponse' });
export type OutboxResponse = z.output<typeof OutboxResponseSchema>;

/** Served only in development, and only to loopback clients. */
export const outboxRoutes = {
  list: route({
    method: 'get',
    path: '/dev/outbox',
    summary:
      'Development only, loopback clients only (403 forbidden otherwise): every email, SMS and WhatsApp message sent, newest first; ?to= filters by recipient.',
    tag: 'Development',
    auth: 'none',
    query: z.object({ to: z.string().optional() }),
    response: OutboxResponseSchema,
    errors: ['forbidden'],
  }),
} as const;
