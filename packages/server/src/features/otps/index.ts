import type { Feature } from '../../http/feature.js';
import { registerAccountPasscodeRoutes } from './account-routes.js';
import { otpsConfig } from './config.js';
import { registerOtpRoutes } from './routes.js';
import { countUserPhones, removeUserPhones } from './phone-numbers-store.js';
import { phoneNumbersPart } from './user-part.js';

/** Passcode sign-in by email, SMS and WhatsApp; the User's phone numbers; and the account page's passcodes (adding an address or a number) and phone numbers. */
export const otps: Feature = {
  name: 'otps',
  register(app, deps) {
    registerOtpRoutes(app, deps);
    registerAccountPasscodeRoutes(app, deps);
  },
  config: otpsConfig,
  userPart: phoneNumbersPart,
  waysIn: countUserPhones,
  revokeUser: removeUserPhones,
};
