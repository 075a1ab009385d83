import { z } from 'zod';
import { email, ok, OkResponseSchema } from '../common.js';
import { metadataInput, metadataObject } from '../metadata.js';
import { route } from '../route.js';
import { UserSchema } from '../session.js';

/**
 * Operators' users: find them, read them whole, create them (importing a password hash from
 * another system), change what operators keep on them, and delete them. Every change is recorded
 * as an `operator.action` event naming the key or operator (GET /v1/events), beside the change's
 * own event (user.created, user.updated, user.deleted).
 */

const TAG = 'Management: users';

/** A user id (this server makes `user-` and a random UUID): printable ASCII, which is all any id holds and all the database can look up (no NUL). */
export const userIdParams = z.strictObject({
  user_id: z
    .string()
    .regex(/^[\x21-\x7e]{1,256}$/, 'must be a user id (printable ASCII, at most 256 characters)')
    .meta({ description: 'The user id, e.g. user-1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed.' }),
});

export const ManagedUserSchema = UserSchema.extend({
  name: z.string().nullable().meta({ description: 'What the project calls the person (null: none).' }),
  trusted_metadata: metadataObject.meta({ description: 'Written only through this API; the user reads it.' }),
  untrusted_metadata: metadataObject.meta({ description: "Written through this API and by the user's own session." }),
  last_sign_in_at: z
    .string()
    .nullable()
    .meta({ description: 'When a session of theirs last started (a sign-in), from the events kept and the sessions; null for never.' }),
}).meta({ id: 'ManagedUser' });
export type ManagedUser = z.output<typeof ManagedUserSchema>;

export const UserListQuerySchema = z
  .strictObject({
    query: z.string().trim().min(1).max(320).optional().meta({
      description: 'Finds users whose email address contains it (any case), whose phone number is it (E.164), or whose user id is it.',
    }),
    limit: z.coerce.number().int().min(1).max(100).default(20).meta({ description: 'Users per page, 1 to 100 (default 20).' }),
    cursor: z.string().max(400).optional().meta({ description: "The previous page's next_cursor: the page after it." }),
  })
  .meta({ id: 'UserListQuery' });

export const UserListResponseSchema = z
  .object({
    ...ok,
    users: z.array(ManagedUserSchema).meta({ description: 'Newest first (by created_at, then user id).' }),
    next_cursor: z
      .string()
      .nullable()
      .meta({ description: 'For the next page; null on the last. Users created meanwhile come before the first page, never inside the next.' }),
  })
  .meta({ id: 'UserListResponse' });
export type UserListResponse = z.output<typeof UserListResponseSchema>;

export const ManagedUserResponseSchema = z.object({ ...ok, user: ManagedUserSchema }).meta({ id: 'ManagedUserResponse' });
export type ManagedUserResponse = z.output<typeof ManagedUserResponseSchema>;

const name = z.string().trim().min(1).max(200).meta({ description: 'What the project calls the person, 1 to 200 characters.' });

/** How imported hashes are written, and the costs taken, for the route's documentation (the server's checks are the rule). */
const PASSWORD_HASH_FORMATS =
  'argon2id in its PHC string ($argon2id$v=19$m=65536,t=3,p=4$salt$hash, as argon2-cffi, node-argon2 and libsodium write it; m at most 65536 (64 MiB), t at most 10, p at most 8); ' +
  'bcrypt ($2a$, $2b$ or $2y$, cost 4 to 14); ' +
  'scrypt in the PHC form that passlib and @phc/scrypt write ($scrypt$ln=16,r=8,p=1$salt$hash, salt and hash in base64 without padding, hash of 16 to 128 bytes; 128·2^ln·r at most 64 MiB, p at most 4). ' +
  'Anyone who types a password for the user makes the server run the hash, so costlier ones are refused (invalid_password_hash, naming the limit): these bounds take the usual defaults with room to spare. ' +
  "It is checked at the user's first password sign-in and then replaced by this server's argon2id.";

export const UserCreateRequestSchema = z
  .strictObject({
    email: email.optional().meta({ description: 'Normalised as sign-ins normalise it (lower case, the domain in ASCII).' }),
    phone_number: z.string().max(64).optional().meta({ description: "E.164, e.g. +15005550006; the project's SMS countries apply." }),
    email_verified: z.boolean().default(true).meta({
      description:
        'Whether the address counts as proven (default true: an operator, or the system users come from, vouches for it). An imported password beside no proven address is removed at the first proof of one, as a password set at sign-up before a proof is.',
    }),
    phone_number_verified: z.boolean().default(true).meta({ description: 'Whether the number counts as proven (default true).' }),
    name: name.optional(),
    trusted_metadata: metadataInput.optional(),
    untrusted_metadata: metadataInput.optional(),
    password_hash: z
      .string()
      .max(512)
      .optional()
      .meta({ description: `A password hash from another system: ${PASSWORD_HASH_FORMATS}` }),
  })
  .meta({ id: 'UserCreateRequest' });
export type UserCreateRequest = z.input<typeof UserCreateRequestSchema>;

export const UserCreateResponseSchema = z.object({ ...ok, user_id: z.string(), user: ManagedUserSchema }).meta({ id: 'UserCreateResponse' });
export type UserCreateResponse = z.output<typeof UserCreateResponseSchema>;

export const UserUpdateRequestSchema = z
  .strictObject({
    name: name.nullable().optional().meta({ description: 'null removes it.' }),
    trusted_metadata: metadataInput.optional(),
    untrusted_metadata: metadataInput.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'give at least one of name, trusted_metadata and untrusted_metadata')
  .meta({ id: 'UserUpdateRequest' });
export type UserUpdateRequest = z.input<typeof UserUpdateRequestSchema>;

export const managementUserRoutes = {
  list: route({
    method: 'get',
    path: '/v1/users',
    summary: 'Users, newest first, a page at a time; `query` finds them by email (any part, any case), phone number or user id.',
    tag: TAG,
    auth: 'management',
    query: UserListQuerySchema,
    response: UserListResponseSchema,
    errors: ['invalid_cursor'],
  }),
  get: route({
    method: 'get',
    path: '/v1/users/{user_id}',
    summary: 'One user, whole: addresses, numbers, ways in, name, metadata and last sign-in.',
    tag: TAG,
    auth: 'management',
    params: userIdParams,
    response: ManagedUserResponseSchema,
    errors: ['user_not_found'],
  }),
  create: route({
    method: 'post',
    path: '/v1/users',
    summary: `Creates a user with an email address, a phone number or both, and optionally a name, metadata and a password hash imported from another system: ${PASSWORD_HASH_FORMATS}`,
    tag: TAG,
    auth: 'management',
    request: UserCreateRequestSchema,
    response: UserCreateResponseSchema,
    errors: [
      'user_needs_email_or_phone',
      'invalid_email',
      'invalid_phone_number',
      'invalid_phone_number_country_code',
      'email_already_taken',
      'phone_number_already_taken',
      'invalid_password_hash',
    ],
  }),
  update: route({
    method: 'patch',
    path: '/v1/users/{user_id}',
    summary:
      'Changes the fields given: name (null removes it), trusted_metadata, untrusted_metadata (each object replaced whole). Nothing else about a user changes here.',
    tag: TAG,
    auth: 'management',
    params: userIdParams,
    request: UserUpdateRequestSchema,
    response: ManagedUserResponseSchema,
    errors: ['user_not_found'],
  }),
  delete: route({
    method: 'delete',
    path: '/v1/users/{user_id}',
    summary:
      "Deletes the user and everything that is theirs; every session of theirs stops working at once, on every instance, and their addresses are free to sign up again. Needs a recent sign-in from an operator's session.",
    tag: TAG,
    auth: 'management',
    params: userIdParams,
    response: OkResponseSchema,
    errors: ['user_not_found', 'reauthentication_required'],
  }),
} as const;
