import type { Feature } from '../../http/feature.js';
import { accountConfig } from './config.js';
import { registerDeleteRoute } from './delete.js';
import { registerEmailRoutes } from './emails.js';

/**
 * The account page's own routes (a signed-in person's emails, and deleting the account) and its
 * setting, reauthenticationMinutes. Each sign-in method serves its part of the page from its own
 * folder: adding an email or a phone number and the phone numbers (otps), the password
 * (passwords), signed-in devices (sessions), passkeys, social accounts and wallets.
 */
export const account: Feature = {
  name: 'account',
  register(app, deps) {
    registerEmailRoutes(app, deps);
    registerDeleteRoute(app, deps);
  },
  config: accountConfig,
};
