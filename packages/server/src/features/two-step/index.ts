import type { Feature } from '../../http/feature.js';
import { registerAccountRoutes } from './account-routes.js';
import { twoStepConfig } from './config.js';
import { registerConfirmRoutes } from './confirm-routes.js';
import { holdForSecondStep } from './intermediate-sessions.js';
import { registerManagementRoutes } from './management-routes.js';
import { twoStep as twoStepMigration } from './migrations/0016-two-step.js';
import { recoveryCodesEvent } from './migrations/0023-recovery-codes-event.js';
import { registerStepRoutes } from './step-routes.js';
import { enabledKey, removePlantedKey } from './totp-keys-store.js';
import { totpPart } from './user-part.js';

/**
 * Two-step verification: an authenticator app and recovery codes. It holds back every sign-in that
 * would start a session of a user who has it on (or of anyone, where the project requires it) for
 * the second step (intermediate-sessions.ts, step-routes.ts), and serves the account page's part
 * (account-routes.ts), with the second step proven again on a signed-in session for the changes that
 * need it (confirm-routes.ts), and an operator's reset through the management API
 * (management-routes.ts). The key is not a way in: a reset leaves it on, so a stolen mailbox alone
 * does not sign anyone in; only the first proof of an address that removes a planted password
 * removes it too (removePlantedKey).
 */
export const twoStep: Feature = {
  name: 'two-step',
  register(app, deps) {
    registerStepRoutes(app, deps);
    registerAccountRoutes(app, deps);
    registerConfirmRoutes(app, deps);
    registerManagementRoutes(app, deps);
  },
  config: twoStepConfig,
  migrations: { '0016-two-step': twoStepMigration, '0023-recovery-codes-event': recoveryCodesEvent },
  holdSignIn: holdForSecondStep,
  // While the app is on, what would lift it or go around it (a passkey) needs it proven again.
  secondStep: async (db, userId) => (await enabledKey(db, userId)) !== undefined,
  revokeUser: removePlantedKey,
  userPart: totpPart,
};
