import { z } from 'zod';
import { email, ok } from './common.js';
import { route } from './route.js';
import { UserSchema } from './session.js';

/** Which variant of PasswordCreateOrLogin shows: no account, an account with a password, or without one. */
export type UserType = 'new' | 'password' | 'passwordless';

export const UserResponseSchema = UserSchema.extend(ok).meta({ id: 'UserResponse' });

export const UserSearchRequestSchema = z.strictObject({ email }).meta({ id: 'UserSearchRequest' });
export type UserSearchRequest = z.input<typeof UserSearchRequestSchema>;

export const UserSearchResponseSchema = z
  .object({
    ...ok,
    userType: z
      .enum(['new', 'password', 'passwordless'])
      .meta({ description: "'new': no user has this email; 'password': a user with a password; 'passwordless': a user without one." }),
  })
  .meta({ id: 'UserSearchResponse' });
export type UserSearchResponse = z.output<typeof UserSearchResponseSchema>;

export const userRoutes = {
  me: route({
    method: 'get',
    path: '/sdk/v1/users/me',
    summary: 'The signed-in user.',
    tag: 'Users',
    auth: 'session',
    response: UserResponseSchema,
    errors: ['session_not_found'],
  }),
  search: route({
    method: 'post',
    path: '/sdk/v1/users/search',
    summary: "Which password screen an email gets: 'new' (no user), 'password' (a user with a password) or 'passwordless' (a user without one).",
    tag: 'Users',
    auth: 'public',
    request: UserSearchRequestSchema,
    response: UserSearchResponseSchema,
    errors: ['invalid_email', 'too_many_requests'],
  }),
} as const;
