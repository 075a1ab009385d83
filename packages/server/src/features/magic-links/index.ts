import type { Feature } from '../../http/feature.js';
import { magicLinksConfig } from './config.js';
import { registerMagicLinkRoutes } from './routes.js';

export const magicLinks: Feature = { name: 'magic-links', register: registerMagicLinkRoutes, config: magicLinksConfig };
