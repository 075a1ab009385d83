import type { ColumnType, Selectable } from 'kysely';
import type { Timestamp } from '../../storage/database.js';

/**
 * A user's authenticator-app key (migration 0016-two-step): one per user. Created when the person
 * asks for a key, turned on (enabled_at) by the first right code; a newer key replaces one not yet
 * turned on.
 */
export interface TotpKeysTable {
  totp_id: string;
  user_id: string;
  /** The key, encrypted with a key derived from the server secret (security/secret-box.ts): the codes need it in the clear. */
  secret_sealed: string;
  created_at: Timestamp;
  enabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /**
   * The time step (unix seconds / 30) of the last code accepted: a code is accepted once, and never
   * one of an earlier step (bigint: PostgreSQL drivers may read it as a string).
   */
  last_used_step: ColumnType<string | number | null, number | null | undefined, number | null>;
  /** How many sets of recovery codes the key has had (migration 0023): a set following another is two_step.recovery_codes_replaced. */
  recovery_code_sets: ColumnType<number, number | undefined, number>;
}

/** The user's recovery codes, as keyed hashes: each signs in once in place of the app. */
export interface RecoveryCodesTable {
  recovery_code_id: string;
  user_id: string;
  code_hash: string;
  created_at: Timestamp;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type TotpKeyRow = Selectable<TotpKeysTable>;

declare module '../../storage/database.js' {
  interface Database {
    totp_keys: TotpKeysTable;
    recovery_codes: RecoveryCodesTable;
  }
}
