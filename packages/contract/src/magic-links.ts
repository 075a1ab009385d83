import { z } from 'zod';
import { email, locale, minutes, ok, pkceCodeChallenge, pkceCodeVerifier, redirectUrl } from './common.js';
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
    /**
     * Binds the link to the asking browser (it keeps the verifier): opened there it signs in at
     * once; opened anywhere else (a mail filter among them) it is spent only with `confirmed`.
     */
    code_challenge: pkceCodeChallenge.optional(),
  })
  .meta({ id: 'MagicLinkLoginOrCreateRequest' });
export type MagicLinkLoginOrCreateRequest = z.input<typeof MagicLinkLoginOrCreateRequestSchema>;

export const MagicLinkLoginOrCreateResponseSchema = z
  .object({ ...ok, user_id: z.string(), email_id: z.string(), user_created: z.boolean() })
  .meta({ id: 'MagicLinkLoginOrCreateResponse' });
export type MagicLinkLoginOrCreateResponse = z.output<typeof MagicLinkLoginOrCreateResponseSchema>;

const linkToken = z.string().min(1).max(512);

export const MagicLinkAuthenticateRequestSchema = z
  .strictObject({
    token: linkToken,
    session_duration_minutes: minutes.optional(),
    /** The verifier of the code_challenge the link was asked for with: this is the browser that asked. */
    code_verifier: pkceCodeVerifier.optional(),
    /** The person pressed 'Continue' on a link opened away from the browser that asked for it. */
    confirmed: z.boolean().optional(),
  })
  .meta({ id: 'MagicLinkAuthenticateRequest' });
export type MagicLinkAuthenticateRequest = z.input<typeof MagicLinkAuthenticateRequestSchema>;

export const MagicLinkPreviewRequestSchema = z.strictObject({ token: linkToken }).meta({ id: 'MagicLinkPreviewRequest' });
export type MagicLinkPreviewRequest = z.input<typeof MagicLinkPreviewRequestSchema>;

export const MagicLinkPreviewResponseSchema = z
  .object({ ...ok, email: z.string().meta({ description: 'The address the link was sent to, to ask "Continue as …?".' }) })
  .meta({ id: 'MagicLinkPreviewResponse' });
export type MagicLinkPreviewResponse = z.output<typeof MagicLinkPreviewResponseSchema>;

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
    summary:
      'Use a magic-link token (once): proves the email, activates the user and starts a session, or adds the factor to the Bearer session. A link asked for with a code_challenge needs its code_verifier or `confirmed`; without either it stays live and answers magic_link_unconfirmed.',
    tag: 'Magic links',
    auth: 'public-optional-session',
    request: MagicLinkAuthenticateRequestSchema,
    response: SignInResponseSchema,
    errors: ['unable_to_auth_magic_link', 'magic_link_unconfirmed', 'invalid_duration'],
  }),
  preview: route({
    method: 'post',
    path: '/sdk/v1/magic_links/preview',
    summary: "A live link's address, without using it: what a link opened away from the browser that asked for it shows ('Continue as …').",
    tag: 'Magic links',
    auth: 'public',
    request: MagicLinkPreviewRequestSchema,
    response: MagicLinkPreviewResponseSchema,
    errors: ['unable_to_auth_magic_link'],
  }),
} as const;
