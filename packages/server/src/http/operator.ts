import type { SessionRow } from '../storage/database.js';

/** Who calls the management API: a key (by the name it was given), or an operator signed in (the console). */
export type Operator =
  | { kind: 'key'; keyId: string; name: string }
  | { kind: 'session'; userId: string; sessionId: string; email: string; session: SessionRow };
