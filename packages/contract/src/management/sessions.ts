import { z } from 'zod';
import { ok } from '../common.js';
import { route } from '../route.js';
import { AuthenticationFactorSchema } from '../session.js';
import { userIdParams } from './users.js';

/**
 * Operators' view of a user's sessions, and revoking them (a stolen device, a person who asks).
 * A revoked session stops working at once on every instance: the answer comes once each has
 * dropped it.
 */

const TAG = 'Management: sessions';

export const ManagedSessionSchema = z
  .object({
    session_id: z.string(),
    /** The user agent it signed in with, and what it says (e.g. 'Chrome 131', 'macOS 15', 'mobile'). */
    user_agent: z.string().nullable(),
    browser: z.string().nullable(),
    os: z.string().nullable(),
    device_type: z.string().nullable(),
    ip_address: z.string().nullable().meta({ description: 'The client address it signed in from.' }),
    started_at: z.string(),
    last_accessed_at: z.string(),
    expires_at: z.string(),
    authentication_factors: z.array(AuthenticationFactorSchema).meta({ description: 'How it signed in, first factor first.' }),
  })
  .meta({ id: 'ManagedSession' });
export type ManagedSession = z.output<typeof ManagedSessionSchema>;

export const ManagedSessionListResponseSchema = z
  .object({ ...ok, sessions: z.array(ManagedSessionSchema).meta({ description: 'The live ones (not revoked, not expired), newest activity first.' }) })
  .meta({ id: 'ManagedSessionListResponse' });
export type ManagedSessionListResponse = z.output<typeof ManagedSessionListResponseSchema>;

const id = z.string().regex(/^[\x21-\x7e]{1,256}$/, 'must be an id (printable ASCII, at most 256 characters)');

export const ManagedSessionRevokeRequestSchema = z
  .strictObject({
    session_id: id.optional().meta({ description: 'Revokes this session.' }),
    user_id: id.optional().meta({ description: 'Revokes every session of this user, and ends their sign-ins waiting for a second step.' }),
  })
  .refine((body) => (body.session_id === undefined) !== (body.user_id === undefined), 'give exactly one of session_id and user_id')
  .meta({ id: 'ManagedSessionRevokeRequest' });
export type ManagedSessionRevokeRequest = z.input<typeof ManagedSessionRevokeRequestSchema>;

export const ManagedSessionRevokeResponseSchema = z
  .object({ ...ok, revoked: z.number().int().meta({ description: 'How many live sessions were revoked.' }) })
  .meta({ id: 'ManagedSessionRevokeResponse' });

export const managementSessionRoutes = {
  list: route({
    method: 'get',
    path: '/v1/users/{user_id}/sessions',
    summary: "A user's live sessions: device, address, when started and last used, how they signed in.",
    tag: TAG,
    auth: 'management',
    params: userIdParams,
    response: ManagedSessionListResponseSchema,
    errors: ['user_not_found'],
  }),
  revoke: route({
    method: 'post',
    path: '/v1/sessions/revoke',
    summary:
      "Revokes one session (session_id) or all of a user's (user_id): they stop working at once, on every instance. Needs a recent sign-in from an operator's session.",
    tag: TAG,
    auth: 'management',
    request: ManagedSessionRevokeRequestSchema,
    response: ManagedSessionRevokeResponseSchema,
    errors: ['session_id_not_found', 'user_not_found', 'reauthentication_required'],
  }),
} as const;
