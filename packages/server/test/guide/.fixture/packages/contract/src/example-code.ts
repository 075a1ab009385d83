import { z } from 'zod';
import { minutes, ok } from './common.js';
import { route } from './route.js';
import { SessionResponseSchema } from './session.js';

export const ExampleCodeCreateResponseSchema = z.object({ ...ok, code: z.string() }).meta({ id: 'ExampleCodeCreateResponse' });
export type ExampleCodeCreateResponse = z.output<typeof ExampleCodeCreateResponseSchema>;

export const ExampleCodeAuthenticateRequestSchema = z
  .strictObject({ code: z.string().min(1).max(256), session_duration_minutes: minutes.optional() })
  .meta({ id: 'ExampleCodeAuthenticateRequest' });
export type ExampleCodeAuthenticateRequest = z.input<typeof ExampleCodeAuthenticateRequestSchema>;

export const exampleCodeRoutes = {
  create: route({
    method: 'post',
    path: '/sdk/v1/example_code/create',
    summary: "Make a sign-in code for the session's user; the answer is the only place it is ever shown.",
    tag: 'Example code',
    auth: 'session',
    response: ExampleCodeCreateResponseSchema,
    errors: ['too_many_requests'],
  }),
  authenticate: route({
    method: 'post',
    path: '/sdk/v1/example_code/authenticate',
    summary: 'Sign in with a code: starts a session, or adds the factor to the Bearer session of the same user.',
    tag: 'Example code',
    auth: 'public-optional-session',
    request: ExampleCodeAuthenticateRequestSchema,
    response: SessionResponseSchema,
    errors: ['unable_to_auth_example_code', 'invalid_duration', 'too_many_requests'],
  }),
} as const;
