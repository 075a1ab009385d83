import { createHash } from 'node:crypto';
import { dictionary as common } from '@zxcvbn-ts/language-common';
import type { Logger } from '../../kernel/logger.js';

let corpus: Set<string> | null = null;

/**
 * The local corpus of breached and common passwords that ships with the server: zxcvbn-ts's list
 * of common passwords (from breach dumps), lower-cased. Read once, no network.
 */
function localCorpus(): Set<string> {
  corpus ??= new Set(common['passwords-common'].map((entry) => String(entry).toLowerCase()));
  return corpus;
}

/** True when the password (case-insensitively) is in the local corpus. */
export function inLocalCorpus(password: string): boolean {
  return localCorpus().has(password.toLowerCase());
}

export const RANGE_TIMEOUT_MS = 3000;

/**
 * k-anonymity lookup (Have I Been Pwned's range API): sends only the first 5 hex digits of the
 * password's SHA-1 and looks for the other 35 among the 'SUFFIX:COUNT' lines answered. null when
 * the service fails or does not answer within 3 s.
 */
export async function inBreachRange(baseUrl: string, password: string, log?: Logger): Promise<boolean | null> {
  const sha1 = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
  const prefix = sha1.slice(0, 5);
  const suffix = sha1.slice(5);
  try {
    const response = await fetch(`${baseUrl}/range/${prefix}`, { signal: AbortSignal.timeout(RANGE_TIMEOUT_MS), headers: { 'Add-Padding': 'true' } });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const text = await response.text();
    for (const line of text.split('\n')) {
      const [candidate, count] = line.trim().split(':');
      if (candidate?.toUpperCase() === suffix && Number(count) > 0) return true;
    }
    return false;
  } catch (error) {
    log?.error('Breached-password range lookup failed; using the local corpus only', { error: (error as Error).message });
    return null;
  }
}

/** Known breached: in the local corpus, or (when a range URL is configured and answers) in the range. */
export async function isBreached(password: string, rangeUrl: string | null, log?: Logger): Promise<boolean> {
  if (inLocalCorpus(password)) return true;
  if (!rangeUrl) return false;
  return (await inBreachRange(rangeUrl, password, log)) === true;
}
