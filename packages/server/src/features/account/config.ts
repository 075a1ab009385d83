import { field, type ConfigSection } from '../../config/declare.js';
import { minutes } from '../../config/schemas.js';

export const accountConfig: ConfigSection = {
  name: 'account',
  project: {
    reauthenticationMinutes: field(
      minutes(1, 1440).default(10),
      "The account page's sensitive changes (adding or removing a way in, a new password, signing other devices out, deleting the account) need a sign-in this recent (1..1440); else 403 `reauthentication_required`, and the person signs in again with a way they have.",
    ),
  },
};

declare module '../../config/server-config.js' {
  interface ProjectConfig {
    /** How recent a sign-in the account page's sensitive changes need (kernel/account/recent-sign-in.ts). */
    reauthenticationMinutes: number;
  }
}
