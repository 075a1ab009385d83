import { type StrengthResult, zxcvbnStrength } from './zxcvbn-strength.js';

/** What zxcvbn-pool.ts sends to its worker thread. */
export interface StrengthTask {
  password: string;
  email: string | undefined;
  minScore: number;
}

/** The worker thread's task (piscina calls the default export): zxcvbn's verdict on one password. */
export default function judge({ password, email, minScore }: StrengthTask): StrengthResult {
  return zxcvbnStrength(password, email, minScore);
}
