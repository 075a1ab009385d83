import type { Timestamp } from '../../storage/database.js';

/** A sign-in code, by its hash only (migration 0026-example-code). */
export interface ExampleCodesTable {
  code_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

declare module '../../storage/database.js' {
  interface Database {
    example_codes: ExampleCodesTable;
  }
}
