import { verifyImportedPassword } from '../../security/imported-password-hash.js';
import { verifyPassword } from '../../security/password-hash.js';

/**
 * Checks a password against the user's stored hash: this server's argon2id, or, until the user's
 * first sign-in replaces it (needsRehash), a bcrypt or scrypt hash an operator imported from
 * another system (argon2id ones are argon2id whatever their parameters). A wrong password is
 * false, whichever the format, and counts as any wrong password does.
 */
export function verifyStoredPassword(stored: string, password: string): Promise<boolean> {
  return stored.startsWith('$argon2') ? verifyPassword(stored, password) : verifyImportedPassword(stored, password);
}
