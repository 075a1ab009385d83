import { z } from 'zod';
import { email, locale, minutes, ok, redirectUrl } from './common.js';
import { route } from './route.js';
import { SignInResponseSchema } from './session.js';

export const MagicLinkLoginOrCreateRequestSchema = z
  .strictObject({
    email,
    /** Where the emailed link leads for an existing user; must be on the project's login allowlist. */
    login_magic_link_url: redirectUrl.optional(),
    /** Where the emailed link leads for a new user; must be on the project's signup allowlist. */
    signup_magic_link_url: redirectUrl.optional(),
    login_expiration_minutes: minutes.optional(),
    signup_expiration_minutes: minutes.optional(),
    create_user_as_pending: z.boolean().optional(),
    locale: locale.optional(),
  })
  .meta({ id: 'MagicLinkLoginOrCreateRequest' });
export type MagicLinkLoginOrCreateRequest = z.input<typeof MagicLinkLoginOrCreateRequestSchema>;

export const MagicLinkLoginOrCreateResponseSchema = z
  .object({ ...ok, user_id: z.string(), email_id: z.string(), user_created: z.boolean() })
  .meta({ id: 'MagicLinkLoginOrCreateResponse' });
export type MagicLinkLoginOrCreateResponse = z.output<typeof MagicLinkLoginOrCreateResponseSchema>;

export const MagicLinkAuthenticateRequestSchema = z
  .strictObject({ token: z.string().min(1).max(512), session_duration_minutes: minutes.optional() })
  .meta({ id: 'MagicLinkAuthenticateRequest' });
export type MagicLinkAuthenticateRequest = z.input<typeof MagicLinkAuthenticateRequestSchema>;

export const magicLinkRoutes = {
  loginOrCreate: route({
    method: 'post',
    path: '/sdk/v1/magic_links/email/login_or_create',
    summary: 'Email a magic link: a sign-up link to a new address (creating the user), a login link to a known one.',
    tag: 'Magic links',
    auth: 'public',
    request: MagicLinkLoginOrCreateRequestSchema,
    response: MagicLinkLoginOrCreateResponseSchema,
    errors: ['invalid_email', 'invalid_redirect_url', 'invalid_duration', 'too_many_requests', 'delivery_failed'],
  }),
  authenticate: route({
    method: 'post',
    path: '/sdk/v1/magic_links/authenticate',
    summary: 'Use a magic-link token (once): proves the email, activates the user and starts a session, or adds the factor to the Bearer session.',
    tag: 'Magic links',
    auth: 'public-optional-session',
    request: MagicLinkAuthenticateRequestSchema,
    response: SignInResponseSchema,
    errors: ['unable_to_auth_magic_link', 'invalid_duration'],
  }),
} as const;
