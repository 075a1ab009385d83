import type { LudsRequirements } from '@vestibule/contract';
import type { PasswordPolicy } from './config.js';
import { judgedApart } from './zxcvbn-pool.js';
import type { StrengthResult } from './zxcvbn-strength.js';

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

export async function checkStrength(policy: PasswordPolicy, password: string, email: string | undefined): Promise<StrengthResult> {
  switch (policy.policy) {
    case 'zxcvbn':
      return judgedApart({ password, email, minScore: policy.minScore });
    case 'luds':
      return ludsStrength(password, policy.ludsComplexity, policy.ludsMinimumCount);
    case 'none':
      return NO_RULE;
  }
}
