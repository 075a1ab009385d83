import type { LudsRequirements, PasswordStrengthFeedback } from '@vestibule/contract';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';
import type { PasswordPolicy } from './config.js';

export const MAX_PASSWORD_LENGTH = 256;

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

export function ludsStrength(password: string, complexity: number, minimumCount: number): StrengthResult {
  const length = [...password].length;
  const requirements = {
    has_lower_case: /\p{Ll}/u.test(password),
    has_upper_case: /\p{Lu}/u.test(password),
    has_digit: /\p{Nd}/u.test(password),
    has_symbol: /[^\p{Ll}\p{Lu}\p{Nd}]/u.test(password),
  };
  const kinds = Object.values(requirements).filter(Boolean).length;
  const luds: LudsRequirements = {
    ...requirements,
    missing_complexity: Math.max(0, complexity - kinds),
    missing_characters: Math.max(0, minimumCount - length),
  };
  const meetsPolicy = luds.missing_complexity === 0 && luds.missing_characters === 0;
  // Score: 4 when both requirements hold, else 0..3 by how far along the two are.
  const progress = (Math.min(kinds, complexity) / complexity + Math.min(length, minimumCount) / minimumCount) / 2;
  const score = meetsPolicy ? 4 : Math.min(3, Math.floor(progress * 4));
  return { score, feedback: { warning: '', suggestions: [], luds_requirements: luds }, meetsPolicy };
}

/** No strength rule: every password meets it (the breached check still applies). */
const NO_RULE: StrengthResult = { score: 4, feedback: { warning: '', suggestions: [], luds_requirements: null }, meetsPolicy: true };

export function checkStrength(policy: PasswordPolicy, password: string, email: string | undefined): StrengthResult {
  switch (policy.policy) {
    case 'zxcvbn':
      return zxcvbnStrength(password, email, policy.minScore);
    case 'luds':
      return ludsStrength(password, policy.ludsComplexity, policy.ludsMinimumCount);
    case 'none':
      return NO_RULE;
  }
}
