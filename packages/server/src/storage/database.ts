import type { ColumnType, Generated, Selectable } from 'kysely';
import type { AuthenticationFactor } from '@vestibule/contract';

/**
 * A session's factor as stored. `attached`: the sign-in attached this credential to the user (a new
 * passkey, a wallet first linked) while adding it to a session: it proves that whoever holds the
 * session controls the credential, not that they are the user, so it moves no auth_time. Never
 * answered to clients (toSession leaves it out).
 */
export type StoredFactor = AuthenticationFactor & { attached?: true };

/** A timestamptz column. */
export type Timestamp = ColumnType<Date, Date, Date>;
/** A jsonb column: written as JSON text, read as the value. */
export type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  user_id: string;
  status: 'active' | 'pending';
  created_at: Timestamp;
  /** Set when the user's password was found breached: password login answers reset_password until a reset. */
  password_reset_required: Generated<boolean>;
  /** The email the person made primary (migration 0014); one no longer theirs counts as none (kernel/users.ts getUser). */
  primary_email_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The phone number made primary, read likewise by the otps feature's part of the User. */
  primary_phone_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When every way in, or every other sign-in ('sign out of other devices'), was last ended (migration 0017): sign-ins begun before then make no session. */
  ways_in_ended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** What operators call the person (migration 0019); the management API writes it. */
  name: ColumnType<string | null, string | null | undefined, string | null>;
  /** Operators' data on the user, which only the management API writes. */
  trusted_metadata: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** Data the user's own session may write too (and the management API). */
  untrusted_metadata: ColumnType<Record<string, unknown>, string | undefined, string>;
}

export interface UserPasswordsTable {
  user_id: string;
  password_id: string;
  /** argon2id PHC string (parameters, salt and hash); the password itself is never stored. */
  hash: string;
  /** False when the password was set while no email of the user was proven (see users-store proveEmail). */
  set_with_proof: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserEmailsTable {
  email_id: string;
  user_id: string;
  /** Lower-cased address; unique. */
  email: string;
  verified: boolean;
  created_at: Timestamp;
}

export interface SessionsTable {
  session_id: string;
  user_id: string;
  /** SHA-256 (hex) of the session token; the token itself is never stored. */
  token_hash: string;
  started_at: Timestamp;
  last_accessed_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  authentication_factors: Json<StoredFactor[]>;
  /** The User-Agent the session signed in with (cut to MAX_USER_AGENT_LENGTH), listed on the account page; null when none came. */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
  /** The client address it signed in from, as per-client limits count it (http/client-ip.ts); null when unknown. */
  ip_address: ColumnType<string | null, string | null | undefined, string | null>;
}

export type SigningKeyStatus = 'active' | 'previous' | 'retired';

export interface SigningKeysTable {
  kid: string;
  alg: string;
  /** What the key signs: 'session' (session JWTs) or 'id_token'; one active key per (key_use, alg). */
  key_use: Generated<string>;
  /** 'active' signs and is published; 'previous' is only published; 'retired' is neither. */
  status: SigningKeyStatus;
  public_jwk: Json<Record<string, unknown>>;
  /** Plain private JWK: only in databases from before private keys were encrypted; sealed at start. */
  private_jwk: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** The private JWK encrypted with a key derived from the server secret (compact JWE, dir + A256GCM). */
  private_jwe: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  retired_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface RateLimitBucketsTable {
  bucket_key: string;
  window_start: Timestamp;
  count: number;
}

export interface OutboxMessagesTable {
  seq: Generated<string>;
  id: string;
  channel: 'email' | 'sms' | 'whatsapp';
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  created_at: Timestamp;
}

export type OtpChannel = 'email' | 'sms' | 'whatsapp';

export interface OneTimeSecretsTable {
  secret_id: Generated<string>;
  /** What the secret is for: 'magic_link', 'password_reset', 'passcode', … */
  purpose: string;
  /** For codes: what the code is bound to (an email_id or phone_id); one live code per subject. */
  subject: string | null;
  /** SHA-256 (hex) of a token, or the keyed hash of a code; the secret itself is never stored. */
  secret_hash: string;
  user_id: string | null;
  /** Data the secret carries to its use (an email_id, a channel, a redirect URL, …). */
  bound: Json<Record<string, unknown>>;
  attempts: Generated<number>;
  /** For codes: how many guesses it allows; null for tokens. */
  max_attempts: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** The shared schedule of pruning (kernel/pruning.ts): when the next run is due, for whichever instance claims it. */
export interface PruneScheduleTable {
  name: string;
  next_run_at: Timestamp;
}

export interface FailureCountersTable {
  /** What is guessed at, e.g. 'password:<sha256 of the email>' or 'otp:<user_id>'. */
  scope: string;
  /** The client address, or '*' for every address together. */
  client: string;
  /** Reserved attempts in the current window, right ones given back. */
  failures: number;
  window_start: Timestamp;
  locked_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A management API key (migration 0019): only the SHA-256 of the key is kept. */
export interface ManagementKeysTable {
  key_id: string;
  name: string;
  key_hash: string;
  created_at: Timestamp;
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** An operator added with `vestibule-server admins add` (besides VESTIBULE_ADMIN_EMAILS): a normalised email address. */
export interface OperatorsTable {
  email: string;
  created_at: Timestamp;
}

/** What happened to users (migration 0019): written by triggers with their change, or by the server (kernel/audit/). */
export interface AuditEventsTable {
  seq: Generated<string>;
  event_id: string;
  type: string;
  user_id: string | null;
  occurred_at: Timestamp;
  data: Json<Record<string, unknown>>;
  actor: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
}

/**
 * The tables of the kernel and of more than one feature. A table only one feature reads is declared
 * in that feature's folder (its tables.ts, with its migration), which adds it here by declaration
 * merging; the migrations are composed likewise (storage/migrate.ts).
 */
export interface Database {
  users: UsersTable;
  user_emails: UserEmailsTable;
  sessions: SessionsTable;
  signing_keys: SigningKeysTable;
  management_keys: ManagementKeysTable;
  operators: OperatorsTable;
  audit_events: AuditEventsTable;
  rate_limit_buckets: RateLimitBucketsTable;
  outbox_messages: OutboxMessagesTable;
  failure_counters: FailureCountersTable;
  prune_schedule: PruneScheduleTable;
  server_secrets: ServerSecretsTable;
  user_passwords: UserPasswordsTable;
  one_time_secrets: OneTimeSecretsTable;
}

export type UserRow = Selectable<UsersTable>;
export type UserEmailRow = Selectable<UserEmailsTable>;
export type OneTimeSecretRow = Selectable<OneTimeSecretsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type SigningKeyRow = Selectable<SigningKeysTable>;
