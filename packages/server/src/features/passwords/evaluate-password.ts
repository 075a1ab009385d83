import type { AppDeps } from '../../http/app-env.js';
import { isBreached } from './breached.js';
import { checkStrength } from './strength.js';

/** The policy's verdict plus the breached check (local corpus, then the optional range API). */
export async function evaluatePassword(deps: AppDeps, password: string, email: string | undefined) {
  const policy = deps.config.project.passwordPolicy;
  const strength = await checkStrength(policy, password, email);
  const breached = password.length > 0 && (await isBreached(password, deps.config.breachRangeUrl, deps.log));
  return { ...strength, policy: policy.policy, breached, valid: strength.meetsPolicy && !breached };
}
