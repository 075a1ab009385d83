import type { ColumnType, Generated, Selectable } from 'kysely';
import type { AuthenticationFactor } from '@vestibule/contract';

type Timestamp = ColumnType<Date, Date, Date>;
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  user_id: string;
  status: 'active' | 'pending';
  created_at: Timestamp;
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
  authentication_factors: Json<AuthenticationFactor[]>;
}

export interface MagicLinkTokensTable {
  /** SHA-256 (hex) of the emailed token. */
  token_hash: string;
  user_id: string;
  email_id: string;
  kind: 'login' | 'signup';
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type SigningKeyStatus = 'active' | 'previous' | 'retired';

export interface SigningKeysTable {
  kid: string;
  alg: string;
  /** 'active' signs and is published; 'previous' is only published; 'retired' is neither. */
  status: SigningKeyStatus;
  public_jwk: Json<Record<string, unknown>>;
  private_jwk: Json<Record<string, unknown>>;
  created_at: Timestamp;
  retired_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface RateLimitBucketsTable {
  bucket_key: string;
  window_start: Timestamp;
  count: number;
}

export interface EventsTable {
  event_id: string;
  name: string;
  occurred_at: Timestamp;
  details: Json<Record<string, unknown>>;
  received_at: Timestamp;
  request_id: string;
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

export interface Database {
  users: UsersTable;
  user_emails: UserEmailsTable;
  sessions: SessionsTable;
  magic_link_tokens: MagicLinkTokensTable;
  signing_keys: SigningKeysTable;
  rate_limit_buckets: RateLimitBucketsTable;
  events: EventsTable;
  outbox_messages: OutboxMessagesTable;
}

export type UserRow = Selectable<UsersTable>;
export type UserEmailRow = Selectable<UserEmailsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type SigningKeyRow = Selectable<SigningKeysTable>;
