import { z } from 'zod';
import { ok, OkResponseSchema } from '../common.js';
import { route } from '../route.js';

export const ManagementKeySchema = z
  .object({ key_id: z.string(), name: z.string(), created_at: z.string(), last_used_at: z.string().nullable() })
  .meta({ id: 'ManagementKey' });
export type ManagementKey = z.output<typeof ManagementKeySchema>;

export const KeyCreateRequestSchema = z.strictObject({ name: z.string().trim().min(1).max(100) }).meta({ id: 'ManagementKeyCreateRequest' });

export const KeyCreateResponseSchema = z
  .object({ ...ok, management_key: ManagementKeySchema, key: z.string().meta({ description: 'The key itself, shown this once: only its hash is kept.' }) })
  .meta({ id: 'ManagementKeyCreateResponse' });

export const KeyListResponseSchema = z.object({ ...ok, management_keys: z.array(ManagementKeySchema) }).meta({ id: 'ManagementKeyListResponse' });

const keyParams = z.strictObject({ key_id: z.string().max(200) });

/** Management API keys, also made and revoked on the command line (`vestibule-server keys`). */
export const managementKeyRoutes = {
  list: route({
    method: 'get',
    path: '/v1/keys',
    summary: 'The management keys that work, newest first (never the keys themselves).',
    tag: 'Management: keys',
    auth: 'management',
    response: KeyListResponseSchema,
    errors: [],
  }),
  create: route({
    method: 'post',
    path: '/v1/keys',
    summary: 'A new management key, shown this once (only its hash is kept). Needs a recent sign-in from an operator.',
    tag: 'Management: keys',
    auth: 'management',
    request: KeyCreateRequestSchema,
    response: KeyCreateResponseSchema,
    errors: ['reauthentication_required'],
  }),
  revoke: route({
    method: 'delete',
    path: '/v1/keys/{key_id}',
    summary: 'Revokes a management key at once, on every instance. Needs a recent sign-in from an operator.',
    tag: 'Management: keys',
    auth: 'management',
    params: keyParams,
    response: OkResponseSchema,
    errors: ['management_key_not_found', 'reauthentication_required'],
  }),
} as const;
