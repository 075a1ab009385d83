import type { ColumnType } from 'kysely';
import type { OAuthProviderType } from '@vestibule/contract';
import type { Timestamp } from '../../storage/database.js';

/** A provider account (provider type and its subject) and the user it signs in as (migration 0008-oauth). */
export interface OAuthAccountsTable {
  provider: OAuthProviderType;
  subject: string;
  user_id: string;
  created_at: Timestamp;
  /**
   * The address the provider gave at the account's last sign-in or link, verified or not (migration
   * 0014-account): shown beside the account on the account page, never used to find a user.
   */
  email: ColumnType<string | null, string | null | undefined, string | null>;
}

declare module '../../storage/database.js' {
  interface Database {
    oauth_accounts: OAuthAccountsTable;
  }
}
