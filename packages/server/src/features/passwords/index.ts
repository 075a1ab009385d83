import type { Feature } from '../../http/feature.js';
import { passwordsConfig } from './config.js';
import { countPassword } from './passwords-store.js';
import { registerPasswordRoutes } from './routes.js';
import { passwordPart } from './user-part.js';

export const passwords: Feature = {
  name: 'passwords',
  register: registerPasswordRoutes,
  config: passwordsConfig,
  userPart: passwordPart,
  waysIn: countPassword,
};
