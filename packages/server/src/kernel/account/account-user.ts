import type { User } from '@vestibule/contract';
import { ApiError } from '../api-error.js';
import { getUser, type UserDeps } from '../users.js';

/**
 * The User an account-page change answers, as it now is (the page shows it). A user gone meanwhile
 * (deleted from another device) has no session either: 401 session_not_found, as any later call.
 */
export async function accountUser(deps: UserDeps, userId: string): Promise<User> {
  const user = await getUser(deps, userId);
  if (!user) throw new ApiError('session_not_found');
  return user;
}
