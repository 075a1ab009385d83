import type { UserDeps } from '../../kernel/users.js';
import { getUser } from '../../kernel/users.js';

/** Who the key is for, as the app lists it: the primary email, else the primary phone number, else the user id. */
export async function accountLabel(deps: UserDeps, userId: string): Promise<string> {
  const user = await getUser(deps, userId);
  const email = user?.emails.find((e) => e.primary)?.email;
  const phone = user?.phone_numbers.find((p) => p.primary)?.phone_number;
  return email ?? phone ?? userId;
}
