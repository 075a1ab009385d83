import type { ColumnType, Selectable } from 'kysely';
import type { Json, Timestamp } from '../../storage/database.js';

/** The scopes (space-separated) a user granted a relying party of the identity provider. */
export interface IdpConsentsTable {
  user_id: string;
  client_id: string;
  scopes: string;
  granted_at: Timestamp;
}

/** A user's approval of a client: every token issued from one authorization names it (migration 0012). */
export interface IdpGrantsTable {
  grant_id: string;
  user_id: string;
  client_id: string;
  created_at: Timestamp;
  /** Set when the grant ends (reuse, revocation, sign-out everywhere): no token is issued from it again. */
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** An access or refresh token the identity provider issued, by its SHA-256 (the token is never stored). */
export interface IdpTokensTable {
  token_hash: string;
  kind: 'access' | 'refresh';
  /** Every token of one authorization (code exchange and refresh rotations). */
  grant_id: string;
  /** SHA-256 of the authorization code the grant came from (a replayed code revokes the grant). */
  code_hash: string;
  client_id: string;
  user_id: string;
  /** Space-separated granted scopes. */
  scopes: string;
  auth_time: Timestamp;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** A refresh token's rotation (single use). */
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type IdpTokenRow = Selectable<IdpTokensTable>;

/** A relying party registered through the management API (migration 0022); the configuration file's are not stored. */
export interface IdpClientsTable {
  client_id: string;
  client_name: string;
  client_type: 'public' | 'confidential';
  /** Exact URIs, as a JSON array each. */
  redirect_uris: Json<string[]>;
  post_logout_redirect_uris: Json<string[]>;
  allowed_origins: Json<string[]>;
  allowed_scopes: Json<string[]>;
  /** Hex SHA-256 of a confidential client's secret (the secret is shown once, never stored); null for a public client. */
  secret_hash: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type IdpClientRow = Selectable<IdpClientsTable>;

declare module '../../storage/database.js' {
  interface Database {
    idp_consents: IdpConsentsTable;
    idp_grants: IdpGrantsTable;
    idp_tokens: IdpTokensTable;
    idp_clients: IdpClientsTable;
  }
}
