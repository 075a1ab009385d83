import type { ColumnType, Selectable } from 'kysely';
import type { Json, Timestamp } from '../../storage/database.js';

/** A passkey: one row per WebAuthn credential a user registered (migration 0007-passkeys). */
export interface WebAuthnRegistrationsTable {
  webauthn_registration_id: string;
  user_id: string;
  /** The credential's id, base64url; unique: a credential is registered once. */
  credential_id: string;
  /** The credential's COSE public key, base64url. */
  public_key: string;
  /** The authenticator's last signature counter (bigint: PostgreSQL drivers may read it as a string). */
  counter: ColumnType<string | number, number, number>;
  /** How the browser may reach the authenticator ('internal', 'hybrid', 'usb', …). */
  transports: Json<string[]>;
  name: string;
  /**
   * Whether it signs in with nothing else: a passkey (discoverable, its user verified), not a key
   * registered as a second factor (migration 0015-passkey-sign-in-alone). Only these are ways in.
   */
  signs_in_alone: boolean;
  created_at: Timestamp;
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type WebAuthnRegistrationRow = Selectable<WebAuthnRegistrationsTable>;

declare module '../../storage/database.js' {
  interface Database {
    webauthn_registrations: WebAuthnRegistrationsTable;
  }
}
