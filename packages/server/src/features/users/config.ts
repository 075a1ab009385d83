import { field, type ConfigSection } from '../../config/declare.js';
import { rate } from '../../config/schemas.js';

export const usersConfig: ConfigSection = {
  name: 'users',
  server: {
    'rateLimits.userSearchPerIp': field(rate(100, 600), '`POST /users/search` per client address.'),
  },
};
