import { z } from 'zod';
import { ok } from '../common.js';
import { route } from '../route.js';

/**
 * What the server records of what happened to users (GET /v1/events): changes the database's
 * triggers write in the same transaction as the change itself (users, sessions and every way in),
 * and what only the server sees (sign-ins refused, locks, operators' actions).
 */
export const webhookEventTypes = [
  'user.created',
  'user.updated',
  'user.deleted',
  'session.created',
  'session.revoked',
  'email.added',
  'email.verified',
  'email.removed',
  'phone_number.added',
  'phone_number.verified',
  'phone_number.removed',
  'password.set',
  'password.removed',
  'passkey.added',
  'passkey.removed',
  'oauth_account.linked',
  'oauth_account.unlinked',
  'crypto_wallet.linked',
  'crypto_wallet.unlinked',
  'two_step.enabled',
  'two_step.disabled',
  'two_step.recovery_codes_replaced',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** Every event type: the deliverable ones, then those only GET /v1/events lists. */
export const auditEventTypes = [...webhookEventTypes, 'sign_in.failed', 'sign_in.locked', 'operator.action'] as const;
export type AuditEventType = (typeof auditEventTypes)[number];

/**
 * Who made a change: a management key (by name), an operator's session, the server's command line
 * (`vestibule-server keys` and `admins`), or nobody (null: the user or the server).
 */
export const EventActorSchema = z
  .object({
    type: z.enum(['management_key', 'operator', 'command_line']),
    key_id: z.string().optional(),
    name: z.string().optional(),
    user_id: z.string().optional(),
  })
  .meta({ id: 'EventActor' });

export const AuditEventSchema = z
  .object({
    event_id: z.string(),
    type: z.enum(auditEventTypes),
    user_id: z.string().nullable(),
    occurred_at: z.string(),
    /** What the change concerns: ids and names, never a secret or a hash. */
    data: z.record(z.string(), z.unknown()),
    actor: EventActorSchema.nullable(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.output<typeof AuditEventSchema>;

const typeList = z
  .string()
  .max(2000)
  .refine((value) => value.split(',').every((type) => (auditEventTypes as readonly string[]).includes(type.trim())), {
    message: `each must be one of ${auditEventTypes.join(', ')}`,
  })
  .transform((value) => value.split(',').map((type) => type.trim() as AuditEventType));

/** A time the database can compare with: PostgreSQL's timestamps, and JavaScript's four-digit years, end at 9999. */
const time = z.iso
  .datetime({ offset: true })
  .refine(
    (text) => {
      const year = new Date(text).getUTCFullYear();
      return year >= 1 && year <= 9999;
    },
    { message: 'Give a time in UTC between the years 1 and 9999.' },
  )
  .meta({ description: 'An ISO 8601 time, e.g. 2026-11-26T10:00:00Z.' });

export const EventListQuerySchema = z
  .strictObject({
    user_id: z.string().max(200).optional(),
    /** One type, or several separated by commas. */
    type: typeList.optional().meta({ description: 'One event type, or several separated by commas.' }),
    since: time.optional(),
    until: time.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.string().max(200).optional(),
  })
  .meta({ id: 'EventListQuery' });

export const EventListResponseSchema = z
  .object({ ...ok, events: z.array(AuditEventSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'EventListResponse' });

/** Operators read what happened; newest first, kept for the server's eventRetentionDays. */
export const managementEventRoutes = {
  list: route({
    method: 'get',
    path: '/v1/events',
    summary:
      "What happened to users, newest first: sign-ins (session.created, with the methods), refused sign-ins and locks, changes to users and their ways in, deletions, and operators' actions with the key's name. Filter by user, type and time; kept for eventRetentionDays (default 90).",
    tag: 'Management: events',
    auth: 'management',
    query: EventListQuerySchema,
    response: EventListResponseSchema,
    errors: ['invalid_cursor'],
  }),
} as const;

export const SignInStatsQuerySchema = z
  .strictObject({ days: z.coerce.number().int().min(1).max(366).default(30).meta({ description: 'How many days back from today (UTC), today included.' }) })
  .meta({ id: 'SignInStatsQuery' });

export const SignInDaySchema = z
  .object({
    /** The day in UTC, YYYY-MM-DD. */
    date: z.string(),
    /** Sessions started that day, by the method of their first factor ('magic_link', 'otp', 'password', 'webauthn', 'oauth', 'crypto', …). */
    sign_ins: z.record(z.string(), z.number().int()),
    /** Sign-ins refused that day (sign_in.failed and sign_in.locked). */
    failures: z.number().int(),
  })
  .meta({ id: 'SignInDay' });

export const SignInStatsResponseSchema = z.object({ ...ok, days: z.array(SignInDaySchema) }).meta({ id: 'SignInStatsResponse' });

/** Counts for the console's chart, from the events (so as far back as eventRetentionDays). */
export const managementStatsRoutes = {
  signIns: route({
    method: 'get',
    path: '/v1/stats/sign_ins',
    summary: 'Sign-ins per day (UTC) by method, and refused sign-ins, for the last `days` days, oldest first; every day is listed, with zeros.',
    tag: 'Management: events',
    auth: 'management',
    query: SignInStatsQuerySchema,
    response: SignInStatsResponseSchema,
    errors: [],
  }),
} as const;
