import type { OpenAPIHono } from '@hono/zod-openapi';
import { accountRoutes } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { sessionAuth } from '../../http/session-auth.js';
import { accountUser } from '../../kernel/account/account-user.js';
import { requireRecentSignIn } from '../../kernel/account/recent-sign-in.js';
import { deleteUser } from '../../kernel/account/delete-user.js';
import { ApiError } from '../../kernel/api-error.js';

/** What a user without an email or a phone number types to confirm (a social account, a passkey or a wallet is all they have). */
const CONFIRMATION_WORD = 'delete';

/**
 * What the person must type to delete the account: its primary email address, else its primary
 * phone number, else the word delete; compared without the spaces around it and without case.
 */
function expectedConfirmation(user: {
  emails: Array<{ email: string; primary: boolean }>;
  phone_numbers: Array<{ phone_number: string; primary: boolean }>;
}): string {
  return user.emails.find((email) => email.primary)?.email ?? user.phone_numbers.find((phone) => phone.primary)?.phone_number ?? CONFIRMATION_WORD;
}

export function registerDeleteRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  defineRoute(app, accountRoutes.delete, sessionAuth(deps), async (c, { body, ok }) => {
    const session = c.get('session');
    requireRecentSignIn(session, deps.clock(), deps.config.project.reauthenticationMinutes);
    const user = await accountUser(deps, session.user_id);
    if (body.confirmation.trim().toLowerCase() !== expectedConfirmation(user).toLowerCase()) throw new ApiError('account_deletion_not_confirmed');
    await deps.db.transaction().execute((trx) => deleteUser(trx, user.user_id));
    // Every instance has dropped the user's sessions before the answer: none of them works any more.
    await deps.sessions.settle();
    deps.log.info('Account deleted', { request_id: c.get('requestId'), user_id: user.user_id, session_id: session.session_id });
    return ok();
  });
}
