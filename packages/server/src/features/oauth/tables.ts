import type { Timestamp } from '../../storage/database.js';

/** A provider account (provider type and its subject) and the user it signs in as (migration 0008-oauth). */
export interface OAuthAccountsTable {
  provider: string;
  subject: string;
  user_id: string;
  created_at: Timestamp;
}

declare module '../../storage/database.js' {
  interface Database {
    oauth_accounts: OAuthAccountsTable;
  }
}
