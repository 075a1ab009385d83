import type { Feature } from '../../http/feature.js';
import { registerAccountPasswordRoutes } from './account-routes.js';
import { passwordsConfig } from './config.js';
import { countPassword } from './passwords-store.js';
import { registerPasswordRoutes } from './routes.js';
import { passwordPart } from './user-part.js';

/** Password sign-up, sign-in and reset; and the account page's password. */
export const passwords: Feature = {
  name: 'passwords',
  register(app, deps) {
    registerPasswordRoutes(app, deps);
    registerAccountPasswordRoutes(app, deps);
  },
  config: passwordsConfig,
  userPart: passwordPart,
  waysIn: countPassword,
};
