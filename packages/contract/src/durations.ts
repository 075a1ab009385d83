/**
 * The minutes the server accepts (outside them it answers invalid_duration), as plain data with no
 * schema library: the server enforces them and the widgets check their configuration against them
 * at mount. Browser code imports this entry at run time: `@vestibule/contract/durations`.
 */

/** Emailed link lifetimes: magic links (login, sign-up), password reset and its login link. */
export const EXPIRATION_MINUTES = { min: 5, max: 10080 } as const;

/** The widest range session_duration_minutes may take; a project narrows it with maxSessionDurationMinutes. */
export const SESSION_DURATION_MINUTES = { min: 5, max: 525600 } as const;

/** Passcode lifetime (expiration_minutes of the passcode sends). */
export const OTP_EXPIRATION_MINUTES = { min: 1, max: 30, default: 5 } as const;
