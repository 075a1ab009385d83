import { z } from 'zod';
import { minutes, ok } from './common.js';
import { route } from './route.js';
import { SessionResponseSchema } from './session.js';
import { UserResponseSchema } from './users.js';

/**
 * Two-step verification: an authenticator app (time-based one-time codes, RFC 6238: SHA-1, 30
 * seconds, 6 digits) and ten single-use recovery codes.
 *
 * Signing in: a first factor of a user who has it on (a link, a passcode, a password, a social
 * account, a wallet) answers an IntermediateSessionResponse instead of a session (session.ts); the
 * login mount then sends its token with a code from the app, or with a recovery code, and gets the
 * session, whose factors list both. A passkey with user verification is both factors at once and
 * signs in directly. Where the project requires two-step verification (`mfa: 'required'`), a user
 * without it gets `two_step: 'enrol'` and adds the app right there (create, then enrol) before any
 * session exists.
 *
 * The account page: the signed-in person adds the app (create, then enrol), turns it off and gets
 * new recovery codes; each of these needs a recent sign-in (403 reauthentication_required). Once it
 * is on, turning it off, new recovery codes and registering a passkey (which signs in alone) need
 * a recent second step in the session (a code from the app, a recovery code, a passkey): a first
 * factor signed in again on the session is not enough. The confirm routes prove the second step on
 * the signed-in session for that.
 *
 * Wrong codes are counted per user and client address, and per user (429 user_lock_limit_reached),
 * each try reserved before it is checked; a code works once in its 30 seconds.
 */

const TAG = 'Two-step verification';
/** How many recovery codes a user gets at a time. */
export const RECOVERY_CODE_COUNT = 10;

const intermediateSessionToken = z.string().min(1).max(256).meta({ description: 'The intermediate_session_token the first factor answered.' });
const totpCode = z.string().max(64).meta({ description: 'The 6 digits the authenticator app shows now; any other shape is 400 invalid_code.' });
const recoveryCode = z.string().max(64).meta({ description: 'One of the recovery codes, as shown (abcd-efgh); case, spaces and the dash do not matter.' });
const recoveryCodes = z
  .array(z.string())
  .meta({ description: `The ${RECOVERY_CODE_COUNT} recovery codes (abcd-efgh), shown this once: the server keeps only their hashes.` });

export const TotpCreateResponseSchema = z
  .object({
    ...ok,
    /** The key, base32 (RFC 4648, no padding), for typing into an app that cannot scan. */
    secret: z.string(),
    /** otpauth://totp/… with issuer (the project's name), account (the primary email or phone), the key, SHA1, 6 digits, 30 seconds: the QR code's content. */
    otpauth_uri: z.string(),
  })
  .meta({ id: 'TotpCreateResponse' });
export type TotpCreateResponse = z.output<typeof TotpCreateResponseSchema>;

export const TwoStepCreateRequestSchema = z.strictObject({ intermediate_session_token: intermediateSessionToken }).meta({ id: 'TwoStepCreateRequest' });
export type TwoStepCreateRequest = z.input<typeof TwoStepCreateRequestSchema>;

export const TotpAuthenticateRequestSchema = z
  .strictObject({ intermediate_session_token: intermediateSessionToken, code: totpCode, session_duration_minutes: minutes.optional() })
  .meta({ id: 'TotpAuthenticateRequest' });
export type TotpAuthenticateRequest = z.input<typeof TotpAuthenticateRequestSchema>;

export const TotpEnrolResponseSchema = SessionResponseSchema.extend({ recovery_codes: recoveryCodes }).meta({ id: 'TotpEnrolResponse' });
export type TotpEnrolResponse = z.output<typeof TotpEnrolResponseSchema>;

export const RecoveryCodeAuthenticateRequestSchema = z
  .strictObject({ intermediate_session_token: intermediateSessionToken, recovery_code: recoveryCode, session_duration_minutes: minutes.optional() })
  .meta({ id: 'RecoveryCodeAuthenticateRequest' });
export type RecoveryCodeAuthenticateRequest = z.input<typeof RecoveryCodeAuthenticateRequestSchema>;

export const RecoveryCodeAuthenticateResponseSchema = SessionResponseSchema.extend({
  recovery_codes_remaining: z.number().int().meta({ description: 'How many unused recovery codes the user has left after this one.' }),
}).meta({ id: 'RecoveryCodeAuthenticateResponse' });
export type RecoveryCodeAuthenticateResponse = z.output<typeof RecoveryCodeAuthenticateResponseSchema>;

export const AccountTotpEnrolRequestSchema = z.strictObject({ code: totpCode }).meta({ id: 'AccountTotpEnrolRequest' });
export type AccountTotpEnrolRequest = z.input<typeof AccountTotpEnrolRequestSchema>;

export const AccountTotpEnrolResponseSchema = UserResponseSchema.extend({ recovery_codes: recoveryCodes }).meta({ id: 'AccountTotpEnrolResponse' });
export type AccountTotpEnrolResponse = z.output<typeof AccountTotpEnrolResponseSchema>;

export const RecoveryCodesResponseSchema = z.object({ ...ok, recovery_codes: recoveryCodes }).meta({ id: 'RecoveryCodesResponse' });
export type RecoveryCodesResponse = z.output<typeof RecoveryCodesResponseSchema>;

export const TotpConfirmRequestSchema = z.strictObject({ code: totpCode, session_duration_minutes: minutes.optional() }).meta({ id: 'TotpConfirmRequest' });
export type TotpConfirmRequest = z.input<typeof TotpConfirmRequestSchema>;

export const RecoveryCodeConfirmRequestSchema = z
  .strictObject({ recovery_code: recoveryCode, session_duration_minutes: minutes.optional() })
  .meta({ id: 'RecoveryCodeConfirmRequest' });
export type RecoveryCodeConfirmRequest = z.input<typeof RecoveryCodeConfirmRequestSchema>;

const EmptyRequestSchema = z.strictObject({}).meta({ id: 'TwoStepEmptyRequest' });

/** An intermediate session's step: its token is unknown, expired or used; a code of the wrong shape; too many wrong ones. */
const stepErrors = ['intermediate_session_not_found', 'invalid_code', 'user_lock_limit_reached', 'invalid_duration', 'too_many_requests'] as const;
/** Proving the second step on a signed-in session: a code of the wrong shape, too many wrong ones, the app not on. */
const confirmErrors = ['invalid_code', 'user_lock_limit_reached', 'invalid_duration', 'too_many_requests', 'totp_not_enabled'] as const;
/** The account page's changes need a recent sign-in. */
const sensitive = ['reauthentication_required', 'too_many_requests'] as const;

export const twoStepRoutes = {
  totpAuthenticate: route({
    method: 'post',
    path: '/sdk/v1/two_step/totp/authenticate',
    summary:
      "The second step with a code from the authenticator app: the intermediate session becomes a session (once) whose factors are the first one's and the app's.",
    tag: TAG,
    auth: 'public',
    request: TotpAuthenticateRequestSchema,
    response: SessionResponseSchema,
    errors: [...stepErrors, 'invalid_totp_code', 'totp_code_already_used', 'totp_not_enabled'],
  }),
  recoveryCodeAuthenticate: route({
    method: 'post',
    path: '/sdk/v1/two_step/recovery_codes/authenticate',
    summary: 'The second step with a recovery code instead (each works once); the answer says how many are left.',
    tag: TAG,
    auth: 'public',
    request: RecoveryCodeAuthenticateRequestSchema,
    response: RecoveryCodeAuthenticateResponseSchema,
    errors: [...stepErrors, 'invalid_recovery_code'],
  }),
  totpCreate: route({
    method: 'post',
    path: '/sdk/v1/two_step/totp/create',
    summary:
      "Where the project requires two-step verification (two_step 'enrol'; elsewhere 403 unauthorized_action): a new key for the user's authenticator app, with its otpauth:// URI. A newer key replaces one not yet turned on.",
    tag: TAG,
    auth: 'public',
    request: TwoStepCreateRequestSchema,
    response: TotpCreateResponseSchema,
    errors: ['intermediate_session_not_found', 'totp_already_enabled', 'unauthorized_action', 'too_many_requests'],
  }),
  totpEnrol: route({
    method: 'post',
    path: '/sdk/v1/two_step/totp/enrol',
    summary: 'Turns the key on with a code from the app, and finishes the sign-in: the session, and the ten recovery codes, shown this once.',
    tag: TAG,
    auth: 'public',
    request: TotpAuthenticateRequestSchema,
    response: TotpEnrolResponseSchema,
    errors: [...stepErrors, 'invalid_totp_code', 'totp_already_enabled', 'totp_enrolment_not_started', 'unauthorized_action'],
  }),
  totpConfirm: route({
    method: 'post',
    path: '/sdk/v1/two_step/totp/confirm',
    summary:
      "Proves the second step again on the signed-in session with a code from the authenticator app (the account page's 'Confirm it is you'): the app's factor is added to the Bearer session, as a sign-in with it would. Counted and single-use as the sign-in's step.",
    tag: TAG,
    auth: 'session',
    request: TotpConfirmRequestSchema,
    response: SessionResponseSchema,
    errors: [...confirmErrors, 'invalid_totp_code', 'totp_code_already_used'],
  }),
  recoveryCodeConfirm: route({
    method: 'post',
    path: '/sdk/v1/two_step/recovery_codes/confirm',
    summary:
      'The same with a recovery code instead (each works once): the recovery_code factor is added to the Bearer session; the answer says how many are left.',
    tag: TAG,
    auth: 'session',
    request: RecoveryCodeConfirmRequestSchema,
    response: RecoveryCodeAuthenticateResponseSchema,
    errors: [...confirmErrors, 'invalid_recovery_code'],
  }),
  accountTotpCreate: route({
    method: 'post',
    path: '/sdk/v1/account/two_step/totp/create',
    summary:
      "A new key for the signed-in person's authenticator app, with its otpauth:// URI (the QR code's content); a newer key replaces one not yet turned on.",
    tag: TAG,
    auth: 'session',
    request: EmptyRequestSchema,
    response: TotpCreateResponseSchema,
    errors: [...sensitive, 'totp_already_enabled'],
  }),
  accountTotpEnrol: route({
    method: 'post',
    path: '/sdk/v1/account/two_step/totp/enrol',
    summary:
      'Turns two-step verification on with a code from the app (the key created in the last 30 minutes): the User, and the ten recovery codes, shown this once.',
    tag: TAG,
    auth: 'session',
    request: AccountTotpEnrolRequestSchema,
    response: AccountTotpEnrolResponseSchema,
    errors: [...sensitive, 'invalid_code', 'invalid_totp_code', 'totp_already_enabled', 'totp_enrolment_not_started', 'user_lock_limit_reached'],
  }),
  accountTurnOff: route({
    method: 'post',
    path: '/sdk/v1/account/two_step/delete',
    summary: 'Turns two-step verification off: the key and the recovery codes are deleted. Refused where the project requires it.',
    tag: TAG,
    auth: 'session',
    request: EmptyRequestSchema,
    response: UserResponseSchema,
    errors: [...sensitive, 'totp_not_enabled', 'totp_required'],
  }),
  accountRecoveryCodes: route({
    method: 'post',
    path: '/sdk/v1/account/two_step/recovery_codes',
    summary: 'Ten new recovery codes, shown this once; the old ones stop working.',
    tag: TAG,
    auth: 'session',
    request: EmptyRequestSchema,
    response: RecoveryCodesResponseSchema,
    errors: [...sensitive, 'totp_not_enabled'],
  }),
} as const;
