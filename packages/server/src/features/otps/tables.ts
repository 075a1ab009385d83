import type { Selectable } from 'kysely';
import type { Timestamp } from '../../storage/database.js';

/**
 * A user's phone number, which text passcodes add and prove. The table is made by migration
 * 0002-otps, which shipped making the kernel's server_secrets too, so it stays with the kernel's
 * migrations; only its type lives here.
 */
export interface UserPhoneNumbersTable {
  phone_id: string;
  user_id: string;
  /** E.164; unique. */
  phone_number: string;
  verified: boolean;
  created_at: Timestamp;
}

export type UserPhoneNumberRow = Selectable<UserPhoneNumbersTable>;

declare module '../../storage/database.js' {
  interface Database {
    user_phone_numbers: UserPhoneNumbersTable;
  }
}
