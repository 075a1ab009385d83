import type { PasswordStrengthFeedback } from '@vestibule/contract';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

let zxcvbn: ZxcvbnFactory | null = null;

/** zxcvbn-ts with the common and English dictionaries and English feedback; built once (~150 ms). */
function factory(): ZxcvbnFactory {
  zxcvbn ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    translations,
  });
  return zxcvbn;
}

/** The email and its parts (local part split on . _ - +, the domain's name), which count against a password. */
export function emailInputs(email: string | undefined): string[] {
  if (!email) return [];
  const address = email.trim().toLowerCase();
  const [local = '', domain = ''] = address.split('@');
  const parts = [address, local, ...local.split(/[._+-]+/), domain, domain.split('.')[0] ?? ''];
  return [...new Set(parts.filter((part) => part.length >= 2))];
}

export interface StrengthResult {
  score: number;
  feedback: PasswordStrengthFeedback;
  /** Meets the policy (not counting breached). */
  meetsPolicy: boolean;
}

/**
 * How much of a password zxcvbn reads. Its matching grows faster than the length (a 256-character
 * password took seconds of the event loop, all other requests waiting), and characters added after
 * these can only make a password stronger than its start, so judging the start never calls a weak
 * password strong.
 */
export const ZXCVBN_READS = 64;

export function zxcvbnStrength(password: string, email: string | undefined, minScore: number): StrengthResult {
  const result = factory().check([...password].slice(0, ZXCVBN_READS).join(''), emailInputs(email));
  return {
    score: result.score,
    feedback: { warning: result.feedback.warning ?? '', suggestions: result.feedback.suggestions, luds_requirements: null },
    meetsPolicy: result.score >= minScore,
  };
}
