import { z } from 'zod';
import { authenticationFactorTypes } from './session.js';
import { email, locale, ok, OkResponseSchema } from './common.js';
import { CryptoWalletsAuthenticateRequestSchema } from './crypto.js';
import { metadataInput } from './metadata.js';
import { OAUTH_PROVIDER_TYPES } from './oauth-providers.js';
import { route } from './route.js';
import { UserResponseSchema } from './users.js';

/**
 * The account page: a signed-in person manages their own ways in (emails, phone numbers, password,
 * passkeys, connected accounts, wallets), their signed-in devices, and deletes the account. Every
 * route takes the Bearer session and acts on its user only: an id of another user's email, phone,
 * wallet or session is answered as not found.
 *
 * Two rules hold on every change:
 * - Recent sign-in: adding or removing a way in, changing the password, signing out another device
 *   and deleting the account need a factor proven within the project's reauthenticationMinutes
 *   (403 reauthentication_required otherwise). The person then signs in again with a way they have,
 *   with the same Bearer session (a passkey, a passcode to one of their addresses or numbers, their
 *   password): the sign-in adds its factor to the session, and the change is sent again.
 * - Never locked out: removing the last way in is refused (400 last_way_in), however many removals
 *   arrive at once.
 * - No undoing the pre-hijacking defence: while the user's password was set before any of its emails
 *   was proven and an email of theirs is unproven, no way in is added and the password is not
 *   removed (400 unverified_email); the person proves their email first (emails/start with it).
 * Most changes answer the User as it now is, which the page shows.
 */

const TAG = 'Account';
/** A change that needs a recent sign-in. */
const sensitive = ['reauthentication_required', 'too_many_requests'] as const;
const id = z.string().min(1).max(256);
const code = z.string().max(64).meta({ description: 'The 6 digits received; any other shape is 400 invalid_code.' });
const phoneNumber = z.string().max(64).meta({ description: 'E.164, e.g. +15005550006.' });

export const AccountEmailStartRequestSchema = z.strictObject({ email, locale: locale.optional() }).meta({ id: 'AccountEmailStartRequest' });
export type AccountEmailStartRequest = z.input<typeof AccountEmailStartRequestSchema>;
export const AccountEmailAddRequestSchema = z.strictObject({ email, code }).meta({ id: 'AccountEmailAddRequest' });
export type AccountEmailAddRequest = z.input<typeof AccountEmailAddRequestSchema>;
export const AccountEmailIdRequestSchema = z.strictObject({ email_id: id }).meta({ id: 'AccountEmailIdRequest' });
export type AccountEmailIdRequest = z.input<typeof AccountEmailIdRequestSchema>;

export const AccountPhoneStartRequestSchema = z
  .strictObject({
    phone_number: phoneNumber,
    channel: z.enum(['sms', 'whatsapp']).optional().meta({ description: 'Default sms.' }),
    locale: locale.optional(),
  })
  .meta({ id: 'AccountPhoneStartRequest' });
export type AccountPhoneStartRequest = z.input<typeof AccountPhoneStartRequestSchema>;
export const AccountPhoneAddRequestSchema = z.strictObject({ phone_number: phoneNumber, code }).meta({ id: 'AccountPhoneAddRequest' });
export type AccountPhoneAddRequest = z.input<typeof AccountPhoneAddRequestSchema>;
export const AccountPhoneIdRequestSchema = z.strictObject({ phone_id: id }).meta({ id: 'AccountPhoneIdRequest' });
export type AccountPhoneIdRequest = z.input<typeof AccountPhoneIdRequestSchema>;

/** Where a passcode went: the address or number as the server keeps it (lower-cased, E.164). */
export const AccountCodeSentResponseSchema = z.object({ ...ok, sent_to: z.string(), expires_at: z.string() }).meta({ id: 'AccountCodeSentResponse' });
export type AccountCodeSentResponse = z.output<typeof AccountCodeSentResponseSchema>;

export const AccountPasswordRequestSchema = z
  .strictObject({
    password: z.string().max(256),
    current_password: z
      .string()
      .max(256)
      .optional()
      .meta({ description: 'Changing a password: the current one, which stands for a recent sign-in. Without it the session must have one.' }),
    sign_out_other_devices: z.boolean().optional().meta({ description: "End the user's other sessions (default false)." }),
  })
  .meta({ id: 'AccountPasswordRequest' });
export type AccountPasswordRequest = z.input<typeof AccountPasswordRequestSchema>;

export const AccountEmptyRequestSchema = z.strictObject({}).meta({ id: 'AccountEmptyRequest' });

export const AccountOAuthLinkStartRequestSchema = z.strictObject({ provider: z.enum(OAUTH_PROVIDER_TYPES) }).meta({ id: 'AccountOAuthLinkStartRequest' });
export type AccountOAuthLinkStartRequest = z.input<typeof AccountOAuthLinkStartRequestSchema>;
export const AccountOAuthLinkStartResponseSchema = z
  .object({
    ...ok,
    link_token: z.string().meta({
      description:
        "Single use, 10 minutes: pass it to /sdk/v1/oauth/start as link_token. The flow then links the provider account to this user: its landing token, exchanged at /sdk/v1/oauth/authenticate with this user's Bearer session, adds the account (or answers oauth_account_already_linked).",
    }),
  })
  .meta({ id: 'AccountOAuthLinkStartResponse' });
export type AccountOAuthLinkStartResponse = z.output<typeof AccountOAuthLinkStartResponseSchema>;
export const AccountOAuthDisconnectRequestSchema = z
  .strictObject({ provider_type: z.enum(OAUTH_PROVIDER_TYPES), provider_subject: z.string().min(1).max(512) })
  .meta({ id: 'AccountOAuthDisconnectRequest' });
export type AccountOAuthDisconnectRequest = z.input<typeof AccountOAuthDisconnectRequestSchema>;

export const AccountWalletLinkRequestSchema = CryptoWalletsAuthenticateRequestSchema.omit({ session_duration_minutes: true }).meta({
  id: 'AccountWalletLinkRequest',
});
export type AccountWalletLinkRequest = z.input<typeof AccountWalletLinkRequestSchema>;
export const AccountWalletIdRequestSchema = z.strictObject({ crypto_wallet_id: id }).meta({ id: 'AccountWalletIdRequest' });
export type AccountWalletIdRequest = z.input<typeof AccountWalletIdRequestSchema>;

export const DeviceSessionSchema = z
  .object({
    session_id: z.string(),
    /** The session of the call itself ('This device'). */
    current: z.boolean(),
    /** Parsed from the user agent the session signed in with, e.g. 'Chrome 131' and 'macOS 15'; null when unknown. */
    browser: z.string().nullable(),
    os: z.string().nullable(),
    /** 'mobile', 'tablet', … when the user agent says; null for a desktop or unknown. */
    device_type: z.string().nullable(),
    user_agent: z.string().nullable(),
    /** The client address the session signed in from. */
    ip_address: z.string().nullable(),
    /** How it signed in: its factors' types, first one first. */
    sign_in_methods: z.array(z.enum(authenticationFactorTypes)),
    started_at: z.string(),
    last_accessed_at: z.string(),
  })
  .meta({ id: 'DeviceSession' });
export type DeviceSession = z.output<typeof DeviceSessionSchema>;

export const AccountSessionsResponseSchema = z.object({ ...ok, sessions: z.array(DeviceSessionSchema) }).meta({ id: 'AccountSessionsResponse' });
export type AccountSessionsResponse = z.output<typeof AccountSessionsResponseSchema>;
export const AccountSessionRevokeRequestSchema = z.strictObject({ session_id: id }).meta({ id: 'AccountSessionRevokeRequest' });
export type AccountSessionRevokeRequest = z.input<typeof AccountSessionRevokeRequestSchema>;
export const AccountRevokeOthersResponseSchema = z.object({ ...ok, revoked: z.number().int() }).meta({ id: 'AccountRevokeOthersResponse' });
export type AccountRevokeOthersResponse = z.output<typeof AccountRevokeOthersResponseSchema>;

export const AccountDeleteRequestSchema = z
  .strictObject({
    confirmation: z.string().max(1000).meta({
      description:
        "The user's primary email address (or, without one, primary phone number; without either, the word delete) as typed by the person; case and spaces around it do not matter.",
    }),
  })
  .meta({ id: 'AccountDeleteRequest' });
export type AccountDeleteRequest = z.input<typeof AccountDeleteRequestSchema>;

export const AccountUntrustedMetadataRequestSchema = z.strictObject({ untrusted_metadata: metadataInput }).meta({ id: 'AccountUntrustedMetadataRequest' });
export type AccountUntrustedMetadataRequest = z.input<typeof AccountUntrustedMetadataRequestSchema>;

/** Every route of the page sits under /sdk/v1/account/. */
const at = <const P extends string>(path: P) => `/sdk/v1/account/${path}` as const;

export const accountRoutes = {
  emailStart: route({
    method: 'post',
    path: at('emails/start'),
    summary:
      'Send a 6-digit passcode to an address to add to the user (or to prove one the user has but has not verified). An address of another user is refused; one the user has verified is already added.',
    tag: TAG,
    auth: 'session',
    request: AccountEmailStartRequestSchema,
    response: AccountCodeSentResponseSchema,
    errors: ['invalid_email', 'email_already_taken', 'email_already_added', 'unverified_email', 'delivery_failed', ...sensitive],
  }),
  emailAdd: route({
    method: 'post',
    path: at('emails/add'),
    summary: 'Add the address with the passcode sent to it (single use, 5 tries); it is verified.',
    tag: TAG,
    auth: 'session',
    request: AccountEmailAddRequestSchema,
    response: UserResponseSchema,
    errors: ['invalid_email', 'invalid_code', 'otp_code_not_found', 'otp_code_expired', 'email_already_taken', 'unverified_email', ...sensitive],
  }),
  emailPrimary: route({
    method: 'post',
    path: at('emails/primary'),
    summary: 'Make a verified address of the user its primary one (where its messages go, what the page shows first).',
    tag: TAG,
    auth: 'session',
    request: AccountEmailIdRequestSchema,
    response: UserResponseSchema,
    errors: ['email_not_found', 'unverified_email'],
  }),
  emailRemove: route({
    method: 'post',
    path: at('emails/remove'),
    summary: 'Remove an address of the user; it no longer signs in. Its last way in is refused.',
    tag: TAG,
    auth: 'session',
    request: AccountEmailIdRequestSchema,
    response: UserResponseSchema,
    errors: ['email_not_found', 'last_way_in', ...sensitive],
  }),
  phoneStart: route({
    method: 'post',
    path: at('phone_numbers/start'),
    summary: 'Text a 6-digit passcode to a number to add to the user (or to prove one it has). A number of another user is refused.',
    tag: TAG,
    auth: 'session',
    request: AccountPhoneStartRequestSchema,
    response: AccountCodeSentResponseSchema,
    errors: [
      'invalid_phone_number',
      'invalid_phone_number_country_code',
      'phone_number_already_taken',
      'phone_number_already_added',
      'unverified_email',
      'channel_not_configured',
      'text_message_budget_exceeded',
      'delivery_failed',
      ...sensitive,
    ],
  }),
  phoneAdd: route({
    method: 'post',
    path: at('phone_numbers/add'),
    summary: 'Add the number with the passcode texted to it (single use, 5 tries); it is verified.',
    tag: TAG,
    auth: 'session',
    request: AccountPhoneAddRequestSchema,
    response: UserResponseSchema,
    errors: ['invalid_phone_number', 'invalid_code', 'otp_code_not_found', 'otp_code_expired', 'phone_number_already_taken', 'unverified_email', ...sensitive],
  }),
  phonePrimary: route({
    method: 'post',
    path: at('phone_numbers/primary'),
    summary: 'Make a verified number of the user its primary one.',
    tag: TAG,
    auth: 'session',
    request: AccountPhoneIdRequestSchema,
    response: UserResponseSchema,
    errors: ['phone_number_not_found', 'unverified_phone_number'],
  }),
  phoneRemove: route({
    method: 'post',
    path: at('phone_numbers/remove'),
    summary: 'Remove a number of the user; it no longer signs in. Its last way in is refused.',
    tag: TAG,
    auth: 'session',
    request: AccountPhoneIdRequestSchema,
    response: UserResponseSchema,
    errors: ['phone_number_not_found', 'last_way_in', ...sensitive],
  }),
  passwordSet: route({
    method: 'post',
    path: at('password'),
    summary:
      "Set the user's password, or change it (with current_password, or a recent sign-in). The strength policy and breach check of sign-up apply. Optionally signs the user's other devices out.",
    tag: TAG,
    auth: 'session',
    request: AccountPasswordRequestSchema,
    response: UserResponseSchema,
    errors: ['weak_password', 'invalid_current_password', 'user_lock_limit_reached', 'server_busy', ...sensitive],
  }),
  passwordRemove: route({
    method: 'post',
    path: at('password/remove'),
    summary: "Remove the user's password. Refused when nothing else signs in.",
    tag: TAG,
    auth: 'session',
    request: AccountEmptyRequestSchema,
    response: UserResponseSchema,
    errors: ['no_user_password', 'last_way_in', 'unverified_email', ...sensitive],
  }),
  oauthLinkStart: route({
    method: 'post',
    path: at('oauth/start'),
    summary: 'A single-use link_token for /sdk/v1/oauth/start: the flow it starts connects a provider account to this user.',
    tag: TAG,
    auth: 'session',
    request: AccountOAuthLinkStartRequestSchema,
    response: AccountOAuthLinkStartResponseSchema,
    errors: ['oauth_config_not_found', 'unverified_email', ...sensitive],
  }),
  oauthDisconnect: route({
    method: 'post',
    path: at('oauth/disconnect'),
    summary: 'Disconnect a provider account from the user; it no longer signs in. Its last way in is refused.',
    tag: TAG,
    auth: 'session',
    request: AccountOAuthDisconnectRequestSchema,
    response: UserResponseSchema,
    errors: ['oauth_account_not_found', 'last_way_in', ...sensitive],
  }),
  walletLink: route({
    method: 'post',
    path: at('crypto_wallets/link'),
    summary:
      'Connect a wallet to the user: its signature of the sign-in message that /sdk/v1/crypto_wallets/authenticate/start handed out. A wallet of another user is refused.',
    tag: TAG,
    auth: 'session',
    request: AccountWalletLinkRequestSchema,
    response: UserResponseSchema,
    errors: [
      'invalid_crypto_wallet_address',
      'invalid_crypto_signature',
      'crypto_challenge_not_found',
      'crypto_wallet_already_linked',
      'unverified_email',
      'server_busy',
      ...sensitive,
    ],
  }),
  walletRemove: route({
    method: 'post',
    path: at('crypto_wallets/remove'),
    summary: 'Remove a wallet from the user; it no longer signs in. Its last way in is refused.',
    tag: TAG,
    auth: 'session',
    request: AccountWalletIdRequestSchema,
    response: UserResponseSchema,
    errors: ['crypto_wallet_not_found', 'last_way_in', ...sensitive],
  }),
  sessions: route({
    method: 'get',
    path: at('sessions'),
    summary: "The user's live sessions, newest activity first: browser and system, address, sign-in method, started and last active.",
    tag: TAG,
    auth: 'session',
    response: AccountSessionsResponseSchema,
    errors: [],
  }),
  sessionRevoke: route({
    method: 'post',
    path: at('sessions/revoke'),
    summary: "Sign one of the user's other devices out: its session ends at once, on every instance.",
    tag: TAG,
    auth: 'session',
    request: AccountSessionRevokeRequestSchema,
    response: OkResponseSchema,
    errors: ['device_not_found', ...sensitive],
  }),
  sessionRevokeOthers: route({
    method: 'post',
    path: at('sessions/revoke_others'),
    summary: 'Sign every other device of the user out; this session stays.',
    tag: TAG,
    auth: 'session',
    request: AccountEmptyRequestSchema,
    response: AccountRevokeOthersResponseSchema,
    errors: [...sensitive],
  }),
  delete: route({
    method: 'post',
    path: at('delete'),
    summary: 'Delete the user and everything that is theirs; every session ends. The confirmation must be its primary email (or phone number).',
    tag: TAG,
    auth: 'session',
    request: AccountDeleteRequestSchema,
    response: OkResponseSchema,
    errors: ['account_deletion_not_confirmed', ...sensitive],
  }),
  untrustedMetadata: route({
    method: 'post',
    path: at('untrusted_metadata'),
    summary:
      "Replace the user's untrusted_metadata (the whole object; {} empties it): the user's own data, such as preferences. trusted_metadata is the project's, written only through the management API.",
    tag: TAG,
    auth: 'session',
    request: AccountUntrustedMetadataRequestSchema,
    response: UserResponseSchema,
    errors: ['too_many_requests'],
  }),
} as const;
