import type { Kysely } from 'kysely';
import { consumeToken, issueToken, type UsedSecret } from '../../kernel/one-time-secrets.js';
import type { Database } from '../../storage/database.js';

/** Authorization codes are one-time secrets of this purpose: used once, then gone. */
const IDP_CODE = 'idp_code';
export const CODE_MINUTES = 5;

/** What an authorization code carries to the token endpoint. */
export interface CodeBound {
  client_id: string;
  redirect_uri: string;
  code_challenge: string | null;
  scopes: string[];
  nonce: string | null;
  session_id: string;
  auth_time: string;
  /** The grant the approval made (grants-store.ts): the tokens of this code belong to it. */
  grant_id: string;
}

/** A new code for the user's approved request. */
export function issueCode(db: Kysely<Database>, userId: string, bound: CodeBound, now: Date): Promise<string> {
  return issueToken(db, { purpose: IDP_CODE, userId, bound, expirationMinutes: CODE_MINUTES, now });
}

/** The code's user and request, once (of parallel uses exactly one wins); undefined when it is unknown, used or expired. */
export function consumeCode(db: Kysely<Database>, code: string, now: Date): Promise<UsedSecret<CodeBound> | undefined> {
  return consumeToken<CodeBound>(db, IDP_CODE, code, now);
}
